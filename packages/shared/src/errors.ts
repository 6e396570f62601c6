// The error codes apart from the schemas that check them: the web app's entry reads them on every page, and
// importing them from a schema module would pull zod (a third of the entry's source) into every first load.

/**
 * What went wrong, as a stable identifier: API clients branch on it and the web app translates it, while the
 * message stays a sentence for people reading the API. Most follow the status; the others name a refusal a
 * person can meet in the app, where the status's own sentence would not tell them what to do.
 */
export const ERROR_CODES = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_type',
  'out_of_range',
  'rate_limited',
  'unavailable',
  'server_error',
  /** The booking's time was taken by someone else meanwhile: the booker picks another. */
  'slot_taken',
  /** A booking time that is past, outside the window or not offered by the event type. */
  'time_unavailable',
  /** The booking was cancelled: nothing more can change on it. */
  'booking_cancelled',
  /** The host declined the booking. */
  'booking_declined',
  /** Only a booking waiting for confirmation can be confirmed or declined. */
  'booking_not_pending',
  /** The meeting has started: it can no longer be moved, cancelled or confirmed. */
  'meeting_started',
  /** Sign-in with an email and password that do not match an account. */
  'credentials_wrong',
  /** Sign-in to an account an admin has deactivated. */
  'account_deactivated',
  /** Signing up or inviting with an email an account already has. */
  'email_taken',
  /** The current password given to change it is wrong. */
  'password_wrong',
  /** A one-time code (email verification, private sales room) that is wrong or expired. */
  'code_wrong',
  /** A password link that is wrong, used or expired. */
  'link_expired',
  /** An invitation that is wrong, used or expired, or answered from another address. */
  'invitation_invalid',
  /** Verifying an email address that is verified already. */
  'already_verified',
  /** A booking page address (user or team handle) someone else has. */
  'handle_taken',
  /** An event type address another event type of the same page has. */
  'slug_taken',
  /** Deleting a stage that holds deals without saying where they go. */
  'stage_has_deals',
  /** Closing or deleting the pipeline's last open stage. */
  'last_open_stage',
  /** A list (stages, a room's documents, links or steps, a product's files) is full. */
  'limit_reached',
  /** An uploaded file over its kind's size limit. */
  'file_too_large',
  /** An upload with no file, or an empty one. */
  'file_required',
  /** Deleting a product, or changing its currency, while deals hold it. */
  'product_on_deals',
  /** Publishing the room of an inactive product. */
  'product_inactive',
  /** Deleting an event type that has bookings. */
  'event_type_has_bookings',
  /** Demoting or deactivating the organization's last active owner. */
  'last_owner',
  /** Deleting, or unmarking, the default schedule. */
  'default_schedule',
  /** Connecting a calendar account that is connected already. */
  'calendar_connected',
  /** The calendar server refused the username and password. */
  'calendar_sign_in_failed',
  /** The calendar server could not be reached or answered something unexpected. */
  'calendar_unreachable',
  'calendar_private_address',
  /** The mail server (IMAP or SMTP) refused the username and password. */
  'mail_sign_in_failed',
  /** The mail server could not be reached or answered something unexpected. */
  'mail_unreachable',
  /** The mail server's address is a private or local one the operator did not allow. */
  'mail_private_address',
  /** Sending mail before connecting a mailbox. */
  'mail_not_connected',
  /** An agreement upload whose bytes are not a PDF, whatever its name says. */
  'not_pdf',
  /** An agreement upload that is encrypted (even with an empty password): it could not be sealed. */
  'pdf_encrypted',
  /** An agreement upload that is damaged or has no page. */
  'pdf_broken',
  /** An agreement upload over the page limit (AGREEMENT_MAX_PAGES). */
  'too_many_pages',
  /** An upload that would take the organization past its storage limit (FILES_STORAGE_LIMIT_MB). */
  'storage_full',
  /** Deleting a library file a sales room, product or agreement still shows. */
  'file_in_use',
  /** Deleting a library folder that still holds folders or files. */
  'folder_not_empty',
  /** A folder name its parent already holds. */
  'folder_name_taken',
  /** A new version of a file that is not of the same type as the file. */
  'version_type_differs',
  /** An imported file that is not a CSV table with a header row and rows under it. */
  'csv_unreadable',
  /** An imported file with more rows than one import takes (IMPORT_LIMITS.maxRows). */
  'csv_too_many_rows',
  /** An import with rows refused: nothing was written. */
  'import_refused',
  /** Unlinking the last account at a provider that signs a member in who has no password. */
  'last_sign_in_method',
] as const

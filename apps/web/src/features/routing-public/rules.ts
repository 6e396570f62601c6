// The shared rules a buyer's answers are checked by before they are sent (zod, libphonenumber: most of the form's
// code), in a chunk of their own that RoutingForm loads when the reader first touches the form.
export { routingAnswersProblems } from '@closeroom/shared'

/** A card-like surface, lighter than MUI's Card. */
export const surface = {
  bgcolor: 'background.paper',
  borderRadius: 2,
  border: 1,
  borderColor: 'divider',
  boxShadow: '0 1px 2px rgba(145, 158, 171, 0.16), 0 12px 24px -4px rgba(145, 158, 171, 0.12)',
  overflow: 'hidden',
} as const

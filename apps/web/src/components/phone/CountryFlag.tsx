import { LAYOUT } from '@closeroom/shared'
import { Box } from '@mui/material'
import type { CountryCode } from 'libphonenumber-js'
import { flagUrl } from './countries'

/** A country's flag at the spec's size, 26 × 20 with radius 5. Decorative: the country's name is always written beside it. */
export function CountryFlag({ code }: { code: CountryCode }) {
  return (
    <Box
      component="img"
      src={flagUrl(code)}
      alt=""
      width={LAYOUT.flag.width}
      height={LAYOUT.flag.height}
      loading="lazy"
      data-testid="country-flag"
      sx={{
        display: 'block',
        flexShrink: 0,
        width: LAYOUT.flag.width,
        height: LAYOUT.flag.height,
        // A plain number would be multiplied by the theme's radius; the spec's 5 is in pixels.
        borderRadius: `${LAYOUT.flag.radius}px`,
        objectFit: 'cover',
        // A white or pale flag keeps its edge on a white page (an outline follows the radius, over the picture).
        outline: (theme) => `1px solid ${theme.palette.divider}`,
        outlineOffset: '-1px',
      }}
    />
  )
}

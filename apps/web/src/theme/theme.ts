import { LOOK } from '@closeroom/shared'
import { createTheme, type Direction } from '@mui/material/styles'
import '@fontsource/public-sans/400.css'
import '@fontsource/public-sans/500.css'
import '@fontsource/public-sans/600.css'
import '@fontsource/public-sans/700.css'

// The look from the spec: Public Sans (bundled, never from a CDN), radius 8, primary green, secondary blue.
export const palette = {
  primary: { lighter: '#C8FAD6', light: '#5BE49B', main: '#00A76F', dark: '#007867', darker: '#004B50', contrastText: '#FFFFFF' },
  secondary: { lighter: '#CAFDF5', light: '#61F3F3', main: '#078DEE', dark: '#0351AB', darker: '#012972', contrastText: '#FFFFFF' },
  grey: {
    100: '#F9FAFB',
    200: '#F4F6F8',
    300: '#DFE3E8',
    400: '#C4CDD5',
    500: '#919EAB',
    600: '#637381',
    700: '#454F5B',
    800: '#1C252E',
    900: '#141A21',
  },
}

export function buildTheme(direction: Direction) {
  return createTheme({
    direction,
    breakpoints: { values: LOOK.breakpoints },
    shape: { borderRadius: LOOK.borderRadius },
    palette: {
      primary: palette.primary,
      secondary: palette.secondary,
      text: { primary: palette.grey[800], secondary: palette.grey[600] },
      background: { default: '#FFFFFF', paper: '#FFFFFF' },
    },
    typography: {
      fontFamily: `"${LOOK.fontFamily}", sans-serif`,
      h3: { fontWeight: 800 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      button: { fontWeight: 700, textTransform: 'none' },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: {
        styleOverrides: {
          root: {
            borderRadius: LOOK.borderRadius * 2,
            boxShadow: '0 0 2px 0 rgba(145,158,171,0.2), 0 12px 24px -4px rgba(145,158,171,0.12)',
          },
        },
      },
    },
  })
}

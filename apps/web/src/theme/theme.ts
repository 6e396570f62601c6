import { LOOK } from '@closeroom/shared'
import { createTheme, type Direction } from '@mui/material/styles'
import './fonts'
import type { ThemePreset, ThemeSettings } from './settings'

type Shades = { lighter: string; light: string; main: string; dark: string; darker: string; contrastText: string }
const shades = (lighter: string, light: string, main: string, dark: string, darker: string, contrastText = '#FFFFFF'): Shades => ({
  lighter,
  light,
  main,
  dark,
  darker,
  contrastText,
})

// The spec's look: Public Sans (bundled, never from a CDN), radius 8, primary green, secondary blue.
// A colour preset swaps the primary colour; "default" is the brand green.
export const presets: Record<ThemePreset, Shades> = {
  default: shades('#C8FAD6', '#5BE49B', '#00A76F', '#007867', '#004B50'),
  cyan: shades('#CCF4FE', '#68CDF9', '#078DEE', '#0351AB', '#012972'),
  purple: shades('#EBD6FD', '#B985F4', '#7635DC', '#431A9E', '#200A69'),
  blue: shades('#D1E9FC', '#76B0F1', '#2065D1', '#103996', '#061B64'),
  orange: shades('#FEF4D4', '#FED680', '#FDA92D', '#B66816', '#793908', '#1C252E'),
  red: shades('#FFE3D5', '#FFC1AC', '#FF3030', '#B71833', '#7A0930'),
}
export const secondary = shades('#D6E4FF', '#84A9FF', '#3366FF', '#1939B7', '#091A7A')

export const grey = {
  100: '#F9FAFB',
  200: '#F4F6F8',
  300: '#DFE3E8',
  400: '#C4CDD5',
  500: '#919EAB',
  600: '#637381',
  700: '#454F5B',
  800: '#1C252E',
  900: '#141A21',
}

/**
 * On a dark background the main shades are too dark to read as text (links, tabs, the active menu item), so
 * dark mode uses the lighter shade as main, with dark text on filled buttons, as MUI's own dark palette does.
 */
function forMode(colour: Shades, dark: boolean): Shades {
  return dark ? { ...colour, main: colour.light, dark: colour.main, contrastText: grey[900] } : colour
}

/**
 * Warning and info must read as text on the page and carry text when filled. On white that takes a deep
 * amber and a deep blue (about 5:1 with white either way); on the dark background, a bright amber with dark
 * text and MUI's own light blue.
 */
const warning = (dark: boolean) =>
  dark
    ? shades('#FFF5CC', '#FFD666', '#FFAB00', '#B76E00', '#7A4100', grey[800])
    : shades('#FFF5CC', '#FFC14D', '#A65E00', '#7A4100', '#4D2900')
const info = (dark: boolean) => (dark ? undefined : shades('#CAFDF5', '#4FC3F7', '#0277BD', '#01579B', '#003768'))

type Look = Pick<ThemeSettings, 'themeContrast' | 'themeColorPresets'> & { mode: 'light' | 'dark'; direction: Direction }

export function buildTheme({ mode, direction, themeContrast, themeColorPresets }: Look) {
  const dark = mode === 'dark'
  const bold = themeContrast === 'bold'
  return createTheme({
    direction,
    breakpoints: { values: LOOK.breakpoints },
    shape: { borderRadius: LOOK.borderRadius },
    palette: {
      mode,
      primary: forMode(presets[themeColorPresets], dark),
      secondary: forMode(secondary, dark),
      warning: warning(dark),
      ...(info(dark) ? { info: info(dark) } : {}),
      // MUI's dark red reads at about 4:1 on our dark paper; this one at 6:1.
      ...(dark ? { error: { main: '#FF7961', light: '#FFA199', dark: '#D32F2F', contrastText: grey[900] } } : {}),
      grey,
      text: dark
        ? { primary: '#FFFFFF', secondary: grey[500], disabled: grey[600] }
        : { primary: grey[800], secondary: grey[600], disabled: grey[500] },
      background: dark ? { default: grey[900], paper: grey[800] } : { default: bold ? grey[200] : '#FFFFFF', paper: '#FFFFFF' },
      divider: dark ? 'rgba(145,158,171,0.2)' : 'rgba(145,158,171,0.24)',
    },
    typography: {
      fontFamily: `"${LOOK.fontFamily}", sans-serif`,
      h1: { fontWeight: 800 },
      h2: { fontWeight: 800 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { fontWeight: 700, textTransform: 'none' },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTab: { styleOverrides: { root: { minWidth: LOOK.tabMinWidth } } },
      MuiTabs: { defaultProps: { variant: 'scrollable', allowScrollButtonsMobile: true } },
      MuiCard: {
        styleOverrides: {
          root: {
            borderRadius: LOOK.borderRadius * 2,
            backgroundImage: 'none',
            boxShadow: bold
              ? '0 0 2px 0 rgba(145,158,171,0.24), 0 16px 32px -4px rgba(145,158,171,0.24)'
              : '0 0 2px 0 rgba(145,158,171,0.2), 0 12px 24px -4px rgba(145,158,171,0.12)',
          },
        },
      },
    },
  })
}

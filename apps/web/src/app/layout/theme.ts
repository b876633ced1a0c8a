import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { HEADER_FILTERS, SIDEBAR_FILTERS, THEME_COLORS, type ThemePreference } from './theme-options';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_COLLAPSED_WIDTH = 72;
export const HEADER_HEIGHT = 64;

export interface ShellColors {
  sidebarBg: string;
  sidebarText: string;
  sidebarMuted: string;
  headerBg: string;
  headerText: string;
  /** Light surfaces get a border instead of relying on colour contrast with the page. */
  sidebarIsLight: boolean;
  headerIsLight: boolean;
}

declare module '@mui/material/styles' {
  interface Theme {
    shell: ShellColors;
  }
  interface ThemeOptions {
    shell?: ShellColors;
  }
}

function shellColors(pref: ThemePreference, paper: string): ShellColors {
  const sidebarIsLight = pref.sidebarFilter === 'white' && !pref.dark;
  const headerIsLight = pref.headerFilter === 'white' && !pref.dark;
  const sidebarBg = pref.sidebarFilter === 'white' ? paper : SIDEBAR_FILTERS[pref.sidebarFilter];
  const headerBg = pref.headerFilter === 'white' ? paper : HEADER_FILTERS[pref.headerFilter];
  return {
    sidebarBg,
    sidebarText: sidebarIsLight ? '#1f2937' : '#f8fafc',
    sidebarMuted: sidebarIsLight ? '#6b7280' : 'rgba(248,250,252,0.68)',
    headerBg,
    headerText: headerIsLight ? '#1f2937' : '#ffffff',
    sidebarIsLight,
    headerIsLight,
  };
}

export function buildTheme(pref: ThemePreference, direction: 'ltr' | 'rtl'): Theme {
  const mode = pref.dark ? 'dark' : 'light';
  const primary = THEME_COLORS[pref.color];
  const paper = pref.dark ? '#151b28' : '#ffffff';
  return createTheme({
    direction,
    shell: shellColors(pref, paper),
    palette: {
      mode,
      primary: { main: primary },
      background: { default: pref.dark ? '#0d121c' : '#f3f5f9', paper },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A visible focus ring for keyboard users on every interactive element.
          ':focus-visible': { outline: `3px solid ${alpha(primary, 0.6)}`, outlineOffset: 2 },
          // Inside cards, menus and lists the outer ring would be clipped by overflow: draw it inside.
          '.MuiCardActionArea-root.Mui-focusVisible, .MuiMenuItem-root.Mui-focusVisible, .MuiListItemButton-root.Mui-focusVisible': {
            outline: `3px solid ${alpha(primary, 0.6)}`,
            outlineOffset: -3,
          },
          body: { WebkitFontSmoothing: 'antialiased' },
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
          },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      // Gaps instead of margins between children: wrapped rows keep their spacing too.
      MuiStack: { defaultProps: { useFlexGap: true } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }),
        },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });
}

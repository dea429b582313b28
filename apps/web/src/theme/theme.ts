import { deDE } from '@mui/material/locale';
import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    gradient: { start: string; end: string };
  }
  interface PaletteOptions {
    gradient?: { start: string; end: string };
  }
}

// Colours of spec §2 ("Themes"). Shades are chosen so that text on them meets WCAG AA.
const light = {
  primary: { main: '#D9C4A0', dark: '#B89C6E', light: '#EADBC2', contrastText: '#3B2A1A' },
  // Tan dark enough to carry white text and to be read as text on white (WCAG AA, 5.4:1).
  secondary: { main: '#8C6239', contrastText: '#FFFFFF' },
  error: { main: '#B3541E' },
  info: { main: '#3D6E99' },
  success: { main: '#22753A' },
  warning: { main: '#A85200' },
  background: { default: '#FAF7F2', paper: '#FFFFFF' },
  gradient: { start: '#6D4C41', end: '#B3541E' },
  text: { primary: '#2B211A', secondary: '#5F5248' },
};

const dark = {
  primary: { main: '#8C9BE3', contrastText: '#111827' },
  secondary: { main: '#90CAF9', contrastText: '#0F1A24' },
  error: { main: '#EF9A9A' },
  info: { main: '#81D4FA' },
  success: { main: '#A5D6A7' },
  warning: { main: '#FFCC80' },
  background: { default: '#1B232C', paper: '#232D38' },
  gradient: { start: '#90CAF9', end: '#A5D6A7' },
  text: { primary: '#E8EDF2', secondary: '#B4C0CC' },
};

// Light beige cannot be read as text on white, so where MUI would draw text in the primary colour
// (links, focused fields, text buttons) the light theme uses a deep brown of the same hue.
const lightPrimaryText = '#6B4A2B';

// MUI's own distances from the bottom (8 px, 24 px from sm), plus the task cards' room.
const aboveTaskCards = ({ theme }: { theme: Theme }) => ({
  bottom: 'calc(8px + var(--task-cards-space, 0px))',
  [theme.breakpoints.up('sm')]: { bottom: 'calc(24px + var(--task-cards-space, 0px))' },
});

// Under "reduce motion" MUI's transitions take no time at all: a zero duration lets a dialog,
// a collapsing panel or a menu reach its end state in the same frame. The CSS rule below alone
// only hid the motion while the components still waited out their usual timeouts: a dialog
// closed with 'Speichern', already invisible, stayed over the page for a moment longer.
const NO_MOTION = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

export function buildTheme(mode: PaletteMode, reducedMotion = false): Theme {
  const palette = mode === 'dark' ? dark : light;
  const primaryText = mode === 'dark' ? dark.primary.main : lightPrimaryText;
  return createTheme(
    {
      palette: { mode, ...palette },
      shape: { borderRadius: 10 },
      ...(reducedMotion ? { transitions: NO_MOTION } : {}),
      typography: {
        fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
        h1: { fontWeight: 700 },
        h2: { fontWeight: 700 },
        h3: { fontWeight: 700 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        // Whoever asks the system for less motion gets none: no sliding dialogs, no spinning or
        // pulsing indicators (WCAG 2.3.3). A spinner then stands still; its label still says so.
        // Transitions go entirely: a short duration on every element would make every property
        // of every element a transition (`transition-property` is `all` by default), and a value
        // read right after a change would still be the old one (the list measured the room of a
        // task card that had gone).
        MuiCssBaseline: {
          styleOverrides: {
            '@media (prefers-reduced-motion: reduce)': {
              '*, *::before, *::after': {
                animationDuration: '0.01ms !important',
                animationIterationCount: '1 !important',
                transition: 'none !important',
                scrollBehavior: 'auto !important',
              },
            },
          },
        },
        // The MDI webfont sets `line-height: inherit` on its glyphs; inside MUI's 1em icon box that
        // pushes them down and clips them, so the glyph box is pinned to one line of 1em.
        MuiIcon: {
          styleOverrides: {
            root: { lineHeight: 1, '&::before': { display: 'block', lineHeight: 1 } },
          },
        },
        // Snackbars at the bottom stand above the task cards (bottom right, full width on a
        // phone) rather than on them: TaskNotifications publishes the room the cards take.
        MuiSnackbar: {
          styleOverrides: {
            anchorOriginBottomCenter: aboveTaskCards,
            anchorOriginBottomLeft: aboveTaskCards,
            anchorOriginBottomRight: aboveTaskCards,
          },
        },
        // A dialog opened by keyboard takes the focus itself; the browser then drew a thick ring
        // around the whole dialog. Its controls keep their own focus rings.
        MuiDialog: {
          styleOverrides: {
            container: { '&:focus-visible': { outline: 'none' } },
            paper: { '&:focus-visible': { outline: 'none' } },
          },
        },
        MuiAppBar: { defaultProps: { elevation: 0 } },
        MuiLink: {
          defaultProps: { underline: 'hover' },
          styleOverrides: { root: { color: primaryText } },
        },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: {
            textPrimary: { color: primaryText },
            outlinedPrimary: { color: primaryText, borderColor: primaryText },
          },
        },
        MuiTextField: { defaultProps: { color: mode === 'dark' ? 'primary' : 'secondary' } },
      },
    },
    // MUI's own texts (close buttons, pagination, autocomplete) in German.
    deDE,
  );
}

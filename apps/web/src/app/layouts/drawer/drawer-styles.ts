import { alpha, type Theme } from '@mui/material/styles';

/**
 * The selected entry must stand out in both themes: MUI's default tint of the primary colour is
 * invisible on white for the light theme's beige, so the tan secondary colour marks it instead.
 */
export const drawerItemSx = {
  borderRadius: 2,
  minHeight: 36,
  py: 0.5,
  px: 1,
  '&.Mui-selected': {
    bgcolor: (theme: Theme) =>
      alpha(theme.palette.secondary.main, theme.palette.mode === 'light' ? 0.14 : 0.2),
    '& .drawer-item-label': { fontWeight: 700 },
  },
  '&.Mui-selected:hover, &.Mui-selected.Mui-focusVisible': {
    bgcolor: (theme: Theme) =>
      alpha(theme.palette.secondary.main, theme.palette.mode === 'light' ? 0.22 : 0.28),
  },
} as const;

/** Fixed row heights keep the virtualised list exact without measuring. */
export const ROW_HEIGHTS = {
  account: 60,
  folder: 36,
  category: 36,
  notice: 76,
} as const;

import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/** Every row has this height: the virtualizer never measures, so scrolling never reflows. */
export const ROW_HEIGHT = 72;

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The rows are plain elements styled from one place (the scroll container), so a row costs no
 * style computation of its own: at 100,000 messages only the mounting of ~30 rows is left.
 */
export function listStyles(theme: Theme): SystemStyleObject<Theme> {
  const dark = theme.palette.mode === 'dark';
  const accent = theme.palette.secondary.main;
  const star = dark ? '#FFCA28' : '#B26A00';
  return {
    colorScheme: theme.palette.mode,
    position: 'relative',
    overflowY: 'auto',
    overflowX: 'hidden',
    contain: 'strict',
    outline: 'none',
    '& .bt-rows': { position: 'relative', width: '100%', margin: 0, padding: 0 },
    '& .bt-row': {
      position: 'absolute',
      top: 0,
      left: 0,
      width: '100%',
      height: ROW_HEIGHT,
      display: 'grid',
      gridTemplateColumns: '10px 36px 36px minmax(0, 1fr)',
      alignItems: 'center',
      paddingRight: theme.spacing(2),
      borderBottom: `1px solid ${theme.palette.divider}`,
      boxSizing: 'border-box',
      contain: 'layout style paint',
      backgroundColor: theme.palette.background.paper,
      color: theme.palette.text.primary,
    },
    '& .bt-row.is-read': {
      backgroundColor: dark ? alpha('#000', 0.12) : alpha(theme.palette.primary.light, 0.18),
    },
    '& .bt-row.is-selected': { backgroundColor: alpha(accent, dark ? 0.22 : 0.14) },
    '& .bt-row:not(.is-selected):hover': {
      backgroundColor: dark ? alpha('#fff', 0.06) : alpha(theme.palette.primary.main, 0.22),
    },
    '& .bt-row.is-focused': { boxShadow: `inset 4px 0 0 ${accent}` },
    '& .bt-dot': {
      width: 8,
      height: 8,
      borderRadius: '50%',
      marginLeft: '2px',
      backgroundColor: accent,
    },
    '& .bt-check': {
      width: 18,
      height: 18,
      margin: '0 auto',
      cursor: 'pointer',
      accentColor: accent,
    },
    '& .bt-star': {
      width: 32,
      height: 32,
      margin: '0 auto',
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: theme.palette.text.secondary,
      fontSize: 20,
      lineHeight: 1,
      cursor: 'pointer',
      display: 'grid',
      placeItems: 'center',
      padding: 0,
      '&:hover': { backgroundColor: theme.palette.action.selected },
      '&.is-on': { color: star },
    },
    '& .bt-link': {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'center',
      gap: '2px',
      minWidth: 0,
      height: '100%',
      paddingLeft: theme.spacing(1),
      color: 'inherit',
      textDecoration: 'none',
      outline: 'none',
      cursor: 'pointer',
    },
    '& .bt-check:focus-visible, & .bt-star:focus-visible': {
      outline: `2px solid ${theme.palette.text.primary}`,
      outlineOffset: 2,
    },
    '& .bt-link:focus-visible': {
      outline: `2px solid ${theme.palette.text.primary}`,
      outlineOffset: -3,
    },
    '& .bt-line': {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      minWidth: 0,
      fontSize: 14,
      lineHeight: '20px',
    },
    '& .bt-sender': { ...ellipsis, flex: '0 1 auto', minWidth: 0 },
    '& .bt-spacer': { flex: '1 1 auto' },
    '& .bt-loc': {
      ...ellipsis,
      flex: '0 1 auto',
      maxWidth: 240,
      fontSize: 12,
      lineHeight: '18px',
      padding: '0 6px',
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: 4,
      color: theme.palette.text.secondary,
    },
    '& .bt-icon': { fontSize: 16, color: theme.palette.text.secondary, flex: 'none' },
    '& .bt-date': {
      flex: 'none',
      fontSize: 13,
      color: theme.palette.text.secondary,
      fontVariantNumeric: 'tabular-nums',
    },
    '& .bt-subject': { ...ellipsis, flex: '0 1 auto', minWidth: 0, maxWidth: '70%' },
    '& .bt-preview': {
      ...ellipsis,
      flex: '1 1 0',
      minWidth: 0,
      color: theme.palette.text.secondary,
    },
    '& .bt-cat': {
      ...ellipsis,
      flex: 'none',
      maxWidth: 160,
      display: 'inline-flex',
      alignItems: 'center',
      gap: '5px',
      height: 20,
      padding: '0 8px',
      borderRadius: 10,
      fontSize: 12,
      fontWeight: 500,
      color: theme.palette.text.primary,
    },
    '& .bt-cat-dot': { width: 8, height: 8, borderRadius: '50%', flex: 'none' },
    '& .bt-cat-ai': {
      fontSize: 13,
      lineHeight: 1,
      color: theme.palette.primary.main,
      flex: 'none',
    },
    '& .bt-row.is-unread .bt-sender, & .bt-row.is-unread .bt-subject, & .bt-row.is-unread .bt-date':
      { fontWeight: 700, color: theme.palette.text.primary },
    '& .bt-sr': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
    '& .bt-loader': {
      position: 'absolute',
      left: 0,
      width: '100%',
      height: ROW_HEIGHT,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: theme.spacing(1),
      color: theme.palette.text.secondary,
      fontSize: 14,
    },
    '& .bt-spin': {
      width: 16,
      height: 16,
      border: `2px solid ${theme.palette.divider}`,
      borderTopColor: accent,
      borderRadius: '50%',
      animation: 'bt-spin 0.8s linear infinite',
    },
    '@keyframes bt-spin': { to: { transform: 'rotate(360deg)' } },
    '@media (prefers-reduced-motion: reduce)': { '& .bt-spin': { animation: 'none' } },
    // Phones: sender and date, then the subject, then the preview, as Gmail's app lays them out;
    // side by side the subject and the preview each got a few letters.
    '@media (max-width: 599.95px)': {
      '& .bt-row': { gridTemplateColumns: '8px 32px 32px minmax(0, 1fr)', paddingRight: '8px' },
      '& .bt-loc, & .bt-cat': { maxWidth: 110 },
      // A short folder label ("Entwürfe", "Gesendet") stays whole; the sender gives way first.
      '& .bt-loc': { flex: '0 0 auto', maxWidth: 96 },
      '& .bt-link': { gap: 0 },
      '& .bt-line': { lineHeight: '20px' },
      '& .bt-line + .bt-line': { flexWrap: 'wrap', rowGap: 0, maxHeight: 40, overflow: 'hidden' },
      '& .bt-subject': { flex: '1 0 100%', maxWidth: '100%' },
      '& .bt-preview': { fontSize: 13 },
      '& .bt-dash': { display: 'none' },
    },
  };
}

import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBadgeCount, formatFullCount } from './format-count.ts';

/** Visible to screen readers only: the badges read "6 ungelesen, 128 insgesamt". */
export const srOnly = {
  position: 'absolute',
  // Strings: in sx a bare 1 means 100 %.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The shape both badges share; they differ in weight and colour. */
const pill = {
  minWidth: 22,
  height: 20,
  px: 0.75,
  borderRadius: 10,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 12,
} as const;

/**
 * Spec §2: an unread badge and a total badge, abbreviated (1,2k). The unread badge only appears
 * while something is unread; the total can be hidden at 0 (empty folders stay quiet).
 */
export function CountBadges({
  unread,
  total,
  hideZeroTotal = false,
}: {
  unread: number;
  total: number;
  hideZeroTotal?: boolean;
}) {
  const { t } = useTranslation();
  const unreadText = t('layout.unreadCount', { formatted: formatFullCount(unread) });
  const totalText = t('layout.totalCount', { formatted: formatFullCount(total) });
  const showTotal = total > 0 || !hideZeroTotal;
  if (unread <= 0 && !showTotal) return null;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0, ml: 1 }}
    >
      {unread > 0 && (
        <Box
          component="span"
          title={unreadText}
          data-testid="unread-badge"
          sx={{
            ...pill,
            fontWeight: 700,
            lineHeight: 1,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        >
          <span aria-hidden>{formatBadgeCount(unread)}</span>
          <Box component="span" sx={srOnly}>{`, ${unreadText}`}</Box>
        </Box>
      )}
      {showTotal && (
        <Box
          component="span"
          title={totalText}
          data-testid="total-badge"
          sx={{
            ...pill,
            fontWeight: 500,
            lineHeight: 1,
            // On a selected dark row the secondary grey falls below 4.5:1; the primary text does not.
            color: (theme) =>
              theme.palette.mode === 'dark'
                ? theme.palette.text.primary
                : theme.palette.text.secondary,
            bgcolor: 'action.hover',
          }}
        >
          <span aria-hidden>{formatBadgeCount(total)}</span>
          <Box component="span" sx={srOnly}>{`, ${totalText}`}</Box>
        </Box>
      )}
    </Box>
  );
}

import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import type { AccountStatus } from '../lib/account-status.ts';

const ICONS = {
  needsReauth: 'account-alert-outline',
  oauthGoogle: 'shield-check-outline',
  oauthMicrosoft: 'shield-check-outline',
  oauthYahoo: 'shield-check-outline',
  password: 'key-outline',
  incomplete: 'alert-circle-outline',
  syncFailed: 'lan-disconnect',
} as const;

/** Spec §4's derived account status as a chip. */
export function AccountStatusChip({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status.severity}
      // Chip overwrites its icon's className, which carries the glyph; a wrapper keeps it.
      icon={
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <Mdi name={ICONS[status.kind]} sx={{ fontSize: 18 }} />
        </Box>
      }
      label={t(`accounts.status.${status.kind}`)}
      sx={{
        maxWidth: '100%',
        '& .MuiChip-label': { whiteSpace: 'normal' },
        height: 'auto',
        py: 0.25,
      }}
    />
  );
}

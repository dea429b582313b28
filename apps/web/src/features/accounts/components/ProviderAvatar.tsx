import type { Account } from '@brieftaube/shared';
import { Avatar, useTheme } from '@mui/material';
import { Mdi } from '../../../components/ui/Mdi.tsx';

type Provider = Account['provider'];

const ICONS: Record<Provider, string> = {
  google: 'google',
  microsoft: 'microsoft-outlook',
  yahoo: 'yahoo',
  imap: 'email-outline',
};
// Brand colours, lightened in the dark theme so the glyph stays visible on dark surfaces.
const COLORS: Record<Provider, { light: string; dark: string }> = {
  google: { light: '#C5221F', dark: '#F28B82' },
  microsoft: { light: '#0063B1', dark: '#6CB8F6' },
  yahoo: { light: '#6001D2', dark: '#B99AFF' },
  imap: { light: '#5F5248', dark: '#B4C0CC' },
};

/** Spec §2: the account icon follows the provider. */
export function ProviderAvatar({ provider, size = 44 }: { provider: Provider; size?: number }) {
  const theme = useTheme();
  return (
    <Avatar
      sx={{
        width: size,
        height: size,
        bgcolor: 'action.hover',
        color: COLORS[provider][theme.palette.mode],
        fontSize: size * 0.55,
      }}
    >
      <Mdi name={ICONS[provider]} sx={{ fontSize: 'inherit' }} />
    </Avatar>
  );
}

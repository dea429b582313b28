import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';

/** The privacy bar above a mail with remote images, and the note once they are shown. */
export function RemoteContentBar({
  state,
  sender,
  onShowOnce,
  onAlways,
  onRevoke,
}: {
  state: 'blocked' | 'once' | 'always';
  sender: string;
  onShowOnce: () => void;
  onAlways: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  if (state === 'blocked')
    return (
      <Alert
        severity="info"
        icon={<Mdi name="image-off-outline" />}
        sx={{
          mb: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
          // Where the bar is narrow (a phone, a window with the drawer open) the buttons go
          // below the text instead of squeezing it into a column beside them.
          containerType: 'inline-size',
          '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0 },
          '& .MuiAlert-action': { pt: 0 },
          '@container (max-width: 680px)': {
            '& .MuiAlert-action': { flexBasis: '100%', m: 0, pl: '34px', pb: 0.5 },
            '& .MuiAlert-action > div': { justifyContent: 'flex-start' },
          },
        }}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button color="inherit" size="small" variant="outlined" onClick={onShowOnce}>
              {t('email.remote.showOnce')}
            </Button>
            <Button color="inherit" size="small" onClick={onAlways}>
              {t('email.remote.alwaysForSender')}
            </Button>
          </Box>
        }
      >
        {t('email.remote.blocked')}
      </Alert>
    );
  return (
    <Alert
      severity="info"
      variant="outlined"
      icon={<Mdi name="image-outline" />}
      sx={{ mb: 2, py: 0, alignItems: 'center' }}
      action={
        state === 'always' ? (
          <Button color="inherit" size="small" onClick={onRevoke}>
            {t('email.remote.revoke')}
          </Button>
        ) : undefined
      }
    >
      {state === 'always' ? t('email.remote.shownForSender', { sender }) : t('email.remote.shown')}
    </Alert>
  );
}

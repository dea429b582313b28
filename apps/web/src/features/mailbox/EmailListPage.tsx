import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../components/ui/Mdi.tsx';

/** The mailbox list; until an account is connected it explains where mail will appear. */
export function EmailListPage() {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('screens.emailListTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
        <Mdi name="email-open-outline" sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {t('screens.emailListEmpty')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {t('screens.emailListEmptyText')}
        </Typography>
      </Paper>
    </Box>
  );
}

import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../components/ui/Mdi.tsx';

/** Routes of spec §2 whose screens arrive with the mail engine keep their place meanwhile. */
export function ScreenInPreparation({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
        <Mdi name="progress-wrench" sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('screens.comingText')}</Typography>
      </Paper>
    </Box>
  );
}

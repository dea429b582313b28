import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Upload progress of the send request; once uploaded, the server still talks to SMTP. */
export function SendProgress({ progress }: { progress: number }) {
  const { t } = useTranslation();
  const percent = Math.floor(progress * 100);
  const uploaded = progress >= 1;
  const label = uploaded
    ? t('compose.sendingDelivering')
    : t('compose.sendingPercent', { percent: new Intl.NumberFormat('de-DE').format(percent) });
  return (
    <Box sx={{ px: 2, pt: 1.5 }}>
      <Typography variant="body2" sx={{ mb: 0.5, color: 'text.secondary' }} aria-hidden>
        {label}
      </Typography>
      <LinearProgress
        variant={uploaded ? 'indeterminate' : 'determinate'}
        value={percent}
        color="secondary"
        aria-label={t('compose.progressLabel')}
        aria-valuetext={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

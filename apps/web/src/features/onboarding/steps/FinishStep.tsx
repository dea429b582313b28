import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  email: string | null;
  finishing: boolean;
  failed: boolean;
  onBack: () => void;
  onFinish: () => void;
}

export function FinishStep({ email, finishing, failed, onBack, onFinish }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h2">
        {t('onboarding.finishTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {email ? t('onboarding.finishTextConnected', { email }) : t('onboarding.finishText')}
      </Typography>
      {failed && (
        <Alert severity="error" role="alert">
          {t('onboarding.finishError')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button onClick={onBack}>{t('common.back')}</Button>
        <Button variant="contained" onClick={onFinish} loading={finishing}>
          {t('onboarding.finishSubmit')}
        </Button>
      </Box>
    </Stack>
  );
}

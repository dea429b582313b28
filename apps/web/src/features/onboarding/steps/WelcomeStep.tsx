import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { de } from '../../../i18n/de.ts';

export function WelcomeStep({ name, onNext }: { name: string; onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h2">
        {t('onboarding.welcomeTitle', { name })}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('onboarding.welcomeText')}</Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {de.onboarding.welcomePoints.map((point) => (
          <Stack
            component="li"
            key={point}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center' }}
          >
            <Mdi name="check-circle-outline" sx={{ color: 'success.main' }} />
            <Typography>{point}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={onNext}>
          {t('common.next')}
        </Button>
      </Box>
    </Stack>
  );
}

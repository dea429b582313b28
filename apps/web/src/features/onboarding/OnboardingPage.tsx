import {
  Alert,
  Box,
  Button,
  Container,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/Logo.tsx';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { ThemeToggle } from '../../components/ui/ThemeToggle.tsx';
import { de } from '../../i18n/de.ts';

export interface OnboardingPageProps {
  name: string;
  onFinish: () => Promise<void>;
}

/** Welcome, then finish; the mail-account step joins between them with the mail engine. */
export function OnboardingPage({ name, onFinish }: OnboardingPageProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [finishing, setFinishing] = useState(false);
  const [failed, setFailed] = useState(false);
  const steps = [t('onboarding.stepWelcome'), t('onboarding.stepFinish')];

  const finish = async () => {
    setFinishing(true);
    setFailed(false);
    try {
      await onFinish();
    } catch (error) {
      console.warn('onboarding completion failed', error);
      setFailed(true);
      setFinishing(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          px: 3,
          py: 2,
        }}
      >
        <Logo to="/onboarding" />
        <ThemeToggle color="default" />
      </Box>
      <Container component="main" maxWidth="sm" sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          {t('onboarding.title')}
        </Typography>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
          {step === 0 ? (
            <Stack spacing={2.5}>
              <Typography variant="h5" component="h2">
                {t('onboarding.welcomeTitle', { name })}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>
                {t('onboarding.welcomeText')}
              </Typography>
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
                <Button variant="contained" onClick={() => setStep(1)}>
                  {t('common.next')}
                </Button>
              </Box>
            </Stack>
          ) : (
            <Stack spacing={2.5}>
              <Typography variant="h5" component="h2">
                {t('onboarding.finishTitle')}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{t('onboarding.finishText')}</Typography>
              {failed && (
                <Alert severity="error" role="alert">
                  {t('onboarding.finishError')}
                </Alert>
              )}
              <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                <Button onClick={() => setStep(0)}>{t('common.back')}</Button>
                <Button variant="contained" onClick={finish} loading={finishing}>
                  {t('onboarding.finishSubmit')}
                </Button>
              </Box>
            </Stack>
          )}
        </Paper>
      </Container>
    </Box>
  );
}

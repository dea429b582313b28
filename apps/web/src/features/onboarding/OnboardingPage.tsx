import type { Account } from '@brieftaube/shared';
import { Box, Button, Container, Paper, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/accounts.ts';
import { useFetchAccountEmails } from '../../api/tasks.ts';
import { Logo } from '../../components/ui/Logo.tsx';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { useLogout } from '../auth/api/logout.ts';
import { ThemeToggle } from '../../components/ui/ThemeToggle.tsx';
import { errorMessage } from '../../lib/error-messages.ts';
import { ConnectAccountStep, type AccountSetupComponent } from './steps/ConnectAccountStep.tsx';
import { FinishStep } from './steps/FinishStep.tsx';
import { FirstFetchStep } from './steps/FirstFetchStep.tsx';
import { WelcomeStep } from './steps/WelcomeStep.tsx';

export interface OnboardingPageProps {
  name: string;
  onFinish: () => Promise<void>;
  AccountSetup: AccountSetupComponent;
}

const StepIndex = { Welcome: 0, Account: 1, Fetch: 2, Finish: 3 } as const;
type StepIndex = (typeof StepIndex)[keyof typeof StepIndex];

/** Welcome → first mail account (or later) → first fetch with live progress → finish. */
export function OnboardingPage({ name, onFinish, AccountSetup }: OnboardingPageProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [step, setStep] = useState<StepIndex>(StepIndex.Welcome);
  const [account, setAccount] = useState<Account | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [skipped, setSkipped] = useState(false);
  // The account step again, for the saved account, after its first fetch failed.
  const [correcting, setCorrecting] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [failed, setFailed] = useState(false);
  const fetchEmails = useFetchAccountEmails();
  // An account connected before a reload or a sign-out: onboarding goes on with it.
  const connected = useAccounts().data?.[0] ?? null;
  const steps = [
    t('onboarding.stepWelcome'),
    t('onboarding.stepAccount'),
    t('onboarding.stepFetch'),
    t('onboarding.stepFinish'),
  ];

  const startFetch = (id: number) => {
    setTaskId(null);
    fetchEmails.mutate(id, { onSuccess: ({ task_id }) => setTaskId(task_id) });
  };

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
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ThemeToggle color="default" />
          {/* Someone else's computer, the wrong account: leaving must not wait for the end. */}
          <Button color="inherit" startIcon={<Mdi name="logout" />} onClick={() => void logout()}>
            {t('common.logout')}
          </Button>
        </Box>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          {t('onboarding.title')}
        </Typography>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {steps.map((label, index) => {
            const isSkipped = skipped && (index === StepIndex.Account || index === StepIndex.Fetch);
            return (
              <Step key={label} completed={isSkipped ? false : undefined}>
                <StepLabel
                  optional={
                    isSkipped ? (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {t('onboarding.stepSkipped')}
                      </Typography>
                    ) : undefined
                  }
                >
                  {label}
                </StepLabel>
              </Step>
            );
          })}
        </Stepper>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          {step === StepIndex.Welcome && (
            <WelcomeStep
              name={name}
              onNext={() => {
                if (!connected) return setStep(StepIndex.Account);
                setAccount(connected);
                setStep(StepIndex.Fetch);
                startFetch(connected.id);
              }}
            />
          )}
          {step === StepIndex.Account && (
            <ConnectAccountStep
              AccountSetup={AccountSetup}
              account={correcting ? account : null}
              onSaved={(saved) => {
                setAccount(saved);
                setSkipped(false);
                setCorrecting(false);
                setStep(StepIndex.Fetch);
                startFetch(saved.id);
              }}
              onCancel={() => {
                setCorrecting(false);
                setStep(StepIndex.Fetch);
              }}
              onSkip={() => {
                setSkipped(true);
                setStep(StepIndex.Finish);
              }}
            />
          )}
          {step === StepIndex.Fetch && account && (
            <FirstFetchStep
              account={account}
              taskId={taskId}
              starting={fetchEmails.isPending}
              startError={fetchEmails.isError ? errorMessage(fetchEmails.error) : null}
              onRetry={() => startFetch(account.id)}
              onEdit={() => {
                setCorrecting(true);
                setStep(StepIndex.Account);
              }}
              onNext={() => setStep(StepIndex.Finish)}
            />
          )}
          {step === StepIndex.Finish && (
            <FinishStep
              email={account?.email_address ?? null}
              finishing={finishing}
              failed={failed}
              onBack={() => setStep(account ? StepIndex.Fetch : StepIndex.Account)}
              onFinish={() => void finish()}
            />
          )}
        </Paper>
      </Container>
    </Box>
  );
}

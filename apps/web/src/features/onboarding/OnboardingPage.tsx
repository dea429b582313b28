import type { Account } from '@brieftaube/shared';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  Paper,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/accounts.ts';
import { Logo } from '../../components/ui/Logo.tsx';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { useLogout } from '../auth/api/logout.ts';
import { ThemeToggle } from '../../components/ui/ThemeToggle.tsx';
import { errorMessage } from '../../lib/error-messages.ts';
import { ConnectAccountStep, type AccountSetupComponent } from './steps/ConnectAccountStep.tsx';
import { CategoriesStep } from './steps/CategoriesStep.tsx';
import { FinishStep } from './steps/FinishStep.tsx';
import { FirstFetchStep } from './steps/FirstFetchStep.tsx';
import { WelcomeStep } from './steps/WelcomeStep.tsx';
import { useFirstFetch } from './hooks/use-first-fetch.ts';
import {
  readShownStep,
  resumeStep,
  writeShownStep,
  type OnboardingStep,
} from './lib/onboarding-progress.ts';

export interface OnboardingPageProps {
  name: string;
  onFinish: () => Promise<void>;
  AccountSetup: AccountSetupComponent;
}

// As MUI's visuallyHidden: read by screen readers, not drawn.
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const STEPS: readonly OnboardingStep[] = ['welcome', 'account', 'fetch', 'categories', 'finish'];

/**
 * Welcome → first mail account (or later) → first fetch with live progress → finish. A reload or
 * a second tab resumes where the user was: from the server's account and fetch task where it has
 * them (onboarding-progress.ts), from the step this browser last showed otherwise.
 */
export function OnboardingPage({ name, onFinish, AccountSetup }: OnboardingPageProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const accounts = useAccounts();
  // The account saved here, until the account list has been loaded again with it.
  const [saved, setSaved] = useState<Account | null>(null);
  const account = saved ?? accounts.data?.[0] ?? null;
  const [shown, setShown] = useState(() => readShownStep(name));
  const step = resumeStep(!!account, shown);
  const show = (next: OnboardingStep) => {
    writeShownStep(name, next);
    setShown(next);
  };
  // The account step again, for the saved account, after its first fetch failed.
  const [correcting, setCorrecting] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [failed, setFailed] = useState(false);
  const visible: OnboardingStep = correcting && account ? 'account' : step;
  const firstFetch = useFirstFetch(visible === 'fetch' ? account : null);
  const skipped = visible === 'finish' && !account;
  // Nothing is shown before the server has said where the user is, or a reload would flash
  // the welcome (or the start of a fetch) before the right step.
  const loading = accounts.isPending || (visible === 'fetch' && !firstFetch.fetch);
  const loadError =
    (accounts.isError && !accounts.data ? accounts.error : null) ?? firstFetch.loadError;
  const steps = [
    t('onboarding.stepWelcome'),
    t('onboarding.stepAccount'),
    t('onboarding.stepFetch'),
    t('onboarding.stepCategories'),
    t('onboarding.stepFinish'),
  ];

  const finish = async () => {
    setFinishing(true);
    setFailed(false);
    try {
      await onFinish();
      writeShownStep(name, null);
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
        <Stepper activeStep={STEPS.indexOf(visible)} alternativeLabel sx={{ mb: 3 }}>
          {steps.map((label, index) => {
            const isSkipped =
              skipped &&
              (STEPS[index] === 'account' ||
                STEPS[index] === 'fetch' ||
                STEPS[index] === 'categories');
            return (
              <Step key={label} completed={isSkipped ? false : undefined}>
                <StepLabel
                  optional={
                    isSkipped ? (
                      <Typography
                        variant="caption"
                        sx={{ color: 'text.secondary', ...(compact ? visuallyHidden : {}) }}
                      >
                        {t('onboarding.stepSkipped')}
                      </Typography>
                    ) : undefined
                  }
                >
                  {/* Five labels do not fit a phone side by side: there the current one is
                      written below, the others are read out only. */}
                  <Box component="span" sx={compact ? visuallyHidden : undefined}>
                    {label}
                  </Box>
                </StepLabel>
              </Step>
            );
          })}
        </Stepper>
        {compact && (
          <Typography sx={{ textAlign: 'center', mt: -1.5, mb: 3, fontWeight: 600 }} aria-hidden>
            {t('onboarding.stepOf', {
              step: STEPS.indexOf(visible) + 1,
              count: STEPS.length,
              label: steps[STEPS.indexOf(visible)],
            })}
          </Typography>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          {loadError ? (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button
                  color="inherit"
                  onClick={() => {
                    void accounts.refetch();
                    firstFetch.reload();
                  }}
                >
                  {t('onboarding.retry')}
                </Button>
              }
            >
              {t('onboarding.loadFailed')} {errorMessage(loadError)}
            </Alert>
          ) : loading ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          ) : (
            <>
              {visible === 'welcome' && <WelcomeStep name={name} onNext={() => show('account')} />}
              {visible === 'account' && (
                <ConnectAccountStep
                  AccountSetup={AccountSetup}
                  account={correcting ? account : null}
                  onSaved={(stored) => {
                    setSaved(stored);
                    setCorrecting(false);
                    show('fetch');
                    firstFetch.start(stored.id);
                  }}
                  onCancel={() => setCorrecting(false)}
                  onSkip={() => show('finish')}
                />
              )}
              {visible === 'fetch' && account && (
                <FirstFetchStep
                  account={account}
                  fetch={firstFetch.fetch}
                  starting={firstFetch.starting}
                  startError={firstFetch.startError}
                  onRetry={() => firstFetch.start(account.id)}
                  onEdit={() => setCorrecting(true)}
                  onNext={() => show('categories')}
                />
              )}
              {visible === 'categories' && account && (
                <CategoriesStep account={account} onNext={() => show('finish')} />
              )}
              {visible === 'finish' && (
                <FinishStep
                  email={account?.email_address ?? null}
                  finishing={finishing}
                  failed={failed}
                  onBack={() => show(account ? 'categories' : 'account')}
                  onFinish={() => void finish()}
                />
              )}
            </>
          )}
        </Paper>
      </Container>
    </Box>
  );
}

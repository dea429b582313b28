import { Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { useFetchAllEmails } from '../../api/tasks.ts';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { useFetchRunning } from '../../features/tasks/use-fetch-running.ts';

/** Spec §2: 'Neue E-Mail'; an icon with a tooltip on narrow screens. */
export function ComposeButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const label = t('layout.compose');
  if (compact)
    return (
      <Tooltip title={label}>
        <IconButton color="inherit" component={RouterLink} to="/app/compose" aria-label={label}>
          <Mdi name="pencil-outline" />
        </IconButton>
      </Tooltip>
    );
  return (
    <Button
      component={RouterLink}
      to="/app/compose"
      variant="contained"
      startIcon={<Mdi name="pencil-outline" />}
      // Light: a white pill on the beige bar. Dark: the bar is the paper colour, so the pill
      // takes the primary slate blue.
      sx={(theme) => ({
        bgcolor: theme.palette.mode === 'light' ? 'background.paper' : 'primary.main',
        color: theme.palette.mode === 'light' ? 'text.primary' : 'primary.contrastText',
        borderRadius: 5,
        px: 2,
        '&:hover': {
          bgcolor: theme.palette.mode === 'light' ? 'background.default' : 'primary.light',
        },
      })}
    >
      {label}
    </Button>
  );
}

/**
 * Spec §2: 'Alle E-Mails abrufen' (POST /api/tasks/fetch-emails/), busy while any FETCH task is
 * unfinished. It stays readable while busy (not greyed out) and just ignores further clicks.
 */
export function FetchAllButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const fetchAll = useFetchAllEmails();
  const running = useFetchRunning();
  const busy = running || fetchAll.isPending;
  // Without an account there is nothing to fetch: the button says so instead of doing nothing.
  const { data: accounts } = useAccounts();
  const noAccounts = accounts?.length === 0;
  const label = t('layout.fetchAll');
  const start = () => {
    if (busy || noAccounts) return;
    // Spec §8: fetching failures are only logged.
    fetchAll.mutate(undefined, { onError: (error) => console.warn('Fetch-all failed', error) });
  };
  const icon = busy ? (
    <CircularProgress size={18} color="inherit" aria-hidden />
  ) : (
    <Mdi name="email-sync-outline" />
  );
  const title = noAccounts ? t('layout.fetchNoAccounts') : busy ? t('layout.fetchRunning') : label;
  if (compact)
    return (
      <Tooltip title={title}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-busy={busy}
          aria-disabled={busy || noAccounts}
          onClick={start}
          data-testid="fetch-all"
        >
          {icon}
        </IconButton>
      </Tooltip>
    );
  return (
    // describeChild: the busy note describes the button; its name stays 'Alle E-Mails abrufen'.
    <Tooltip title={busy || noAccounts ? title : ''} describeChild>
      <Button
        color="inherit"
        variant="outlined"
        startIcon={icon}
        aria-busy={busy}
        aria-disabled={busy || noAccounts}
        onClick={start}
        data-testid="fetch-all"
        sx={{ borderRadius: 5, px: 2, borderColor: 'currentColor', opacity: 1 }}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** Issue 22: 'Fragen Sie Ihre E-Mails', from every screen (and by the key q). */
export function AskButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('ai.ask.shortcut')}>
      <IconButton
        color="inherit"
        component={RouterLink}
        to="/app/ask"
        aria-label={t('ai.ask.title')}
        aria-keyshortcuts="q"
      >
        <Mdi name="chat-question-outline" />
      </IconButton>
    </Tooltip>
  );
}

/** Spec §2: a developer-only button to open the onboarding, shown and disabled. */
export function DevOnboardingButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('layout.devOnboarding')}>
      <span>
        <IconButton color="inherit" disabled aria-label={t('layout.devOnboarding')}>
          <Mdi name="school-outline" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

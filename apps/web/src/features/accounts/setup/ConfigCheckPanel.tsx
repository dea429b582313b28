import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CheckField, CheckIssue } from '../lib/config-check.ts';

interface Props {
  issues: CheckIssue[];
  /** Errors appear once the user tried to test or save; advice appears at once. */
  showErrors: boolean;
  onApply: (fixes: { field: CheckField; value: string }[]) => void;
}

/** Spec §5's English wording, marked as English for screen readers. */
function Original({ children }: { children: string }) {
  return (
    <Typography
      component="span"
      variant="caption"
      lang="en"
      sx={{ display: 'block', fontFamily: 'monospace', opacity: 0.85, mt: 0.25 }}
    >
      {children}
    </Typography>
  );
}

/** The client-side configuration check (spec §5), shown as German advice with the spec's text. */
export function ConfigCheckPanel({ issues, showErrors, onApply }: Props) {
  const { t } = useTranslation();
  const visible = issues.filter((issue) => showErrors || issue.severity !== 'error');
  const gmailFixes = visible.flatMap((issue) => (issue.fix ? [issue.fix] : []));
  if (visible.length === 0) return null;

  return (
    <Box component="section" aria-label={t('accounts.check.title')}>
      <Stack spacing={1}>
        {visible.some((issue) => issue.id === 'missingEmail') && (
          <Alert severity="error">
            {t('accounts.check.missingEmail')}
            <Original>{t('accounts.check.original.missingEmail')}</Original>
          </Alert>
        )}
        {visible.some((issue) => issue.id === 'missingAuth') && (
          <Alert severity="error">
            {t('accounts.check.missingAuth')}
            <Original>
              {`${t('accounts.check.original.missingAuth')} – ${t('accounts.check.original.missingAuthSuggestion')}`}
            </Original>
          </Alert>
        )}
        {gmailFixes.length > 0 && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => onApply(gmailFixes)}>
                {t('accounts.check.apply')}
              </Button>
            }
          >
            <AlertTitle>{t('accounts.check.gmailTitle')}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {gmailFixes.map((fix) => (
                <li key={fix.field}>
                  {t(`accounts.check.gmail_${fix.field}`, { host: fix.value })}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {visible.some((issue) => issue.id === 'gmailOauth') && (
          <Alert severity="info">
            {t('accounts.check.gmailOauth')}
            <Original>{t('accounts.check.original.gmailOauth')}</Original>
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CheckField, CheckIssue } from '../lib/config-check.ts';

interface Props {
  issues: CheckIssue[];
  onApply: (fixes: { field: CheckField; value: string }[]) => void;
}

/**
 * The advice of the client-side configuration check (spec §5): recommended Gmail settings and
 * the OAuth hint. Its errors (no address, no password) stand under their fields, once; spec
 * §5's English wording identifies the checks in code and is never shown.
 */
export function ConfigCheckPanel({ issues, onApply }: Props) {
  const { t } = useTranslation();
  const gmailFixes = issues.flatMap((issue) => (issue.fix ? [issue.fix] : []));
  const oauthHint = issues.some((issue) => issue.id === 'gmailOauth');
  if (gmailFixes.length === 0 && !oauthHint) return null;

  return (
    <Box component="section" aria-label={t('accounts.check.title')}>
      <Stack spacing={1}>
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
        {oauthHint && <Alert severity="info">{t('accounts.check.gmailOauth')}</Alert>}
      </Stack>
    </Box>
  );
}

import type { ConnectionTestResult as Result } from '@brieftaube/shared';
import {
  Alert,
  AlertTitle,
  Box,
  IconButton,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';

type Check = Result['imap'];

const KNOWN_CODES = [
  'AUTH_FAILED',
  'HOST_NOT_FOUND',
  'CONNECTION_REFUSED',
  'TLS_ERROR',
  'TIMEOUT',
  'PROTOCOL_ERROR',
  'HOST_BLOCKED',
  'TOO_MANY_CONNECTIONS',
  'TOO_MANY_ATTEMPTS',
];

/**
 * Only a server's own answer is worth quoting (a refused login may say why: "application-specific
 * password required"; a refused session names the limit: "mail_max_userip_connections=10"); for a host not found, a refused or timed-out connection or a TLS failure
 * the German sentence says everything, and the system's text ("connect ECONNREFUSED …") nothing.
 */
const SERVER_WORDS = ['AUTH_FAILED', 'TOO_MANY_CONNECTIONS', 'PROTOCOL_ERROR', 'UNKNOWN'];

function CheckLine({ label, check }: { label: string; check: Check }) {
  const { t } = useTranslation();
  const code =
    check.error_code && KNOWN_CODES.includes(check.error_code) ? check.error_code : 'UNKNOWN';
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'flex-start' }}>
      <Mdi
        name={check.success ? 'check-circle' : 'close-circle'}
        sx={{ color: check.success ? 'success.main' : 'error.main', mt: 0.25 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2">
          {check.success ? t('accounts.test.ok') : t(`accounts.test.errors.${code}`)}
        </Typography>
        {!check.success && check.error && SERVER_WORDS.includes(code) && (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', display: 'block', wordBreak: 'break-word' }}
          >
            {t('accounts.test.serverSaid', { message: check.error })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

export interface ConnectionTestResultProps {
  result: Result | undefined;
  pending: boolean;
  /** A German sentence when the test itself could not run. */
  failure?: string | null;
  onClose?: () => void;
}

/** IMAP and SMTP results side by side, each with its own German reason (spec §7 test_connection). */
export function ConnectionTestResult({
  result,
  pending,
  failure,
  onClose,
}: ConnectionTestResultProps) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <Box role="status" aria-live="polite">
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('accounts.test.running')}
        </Typography>
        <LinearProgress aria-label={t('accounts.test.running')} />
      </Box>
    );
  }
  if (failure) {
    return (
      <Alert severity="error" role="alert" onClose={onClose} closeText={t('accounts.test.close')}>
        {failure}
      </Alert>
    );
  }
  if (!result) return null;
  const severity = result.success
    ? 'success'
    : result.imap.success || result.smtp.success
      ? 'warning'
      : 'error';
  const summary = result.success
    ? t('accounts.test.success')
    : result.imap.success || result.smtp.success
      ? t('accounts.test.partial')
      : t('accounts.test.failure');
  return (
    <Alert
      severity={severity}
      role="status"
      aria-live="polite"
      icon={<Mdi name="lan-connect" />}
      action={
        onClose && (
          <IconButton aria-label={t('accounts.test.close')} size="small" onClick={onClose}>
            <Mdi name="close" />
          </IconButton>
        )
      }
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>{summary}</AlertTitle>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          mt: 1,
        }}
      >
        <CheckLine label={t('accounts.test.imap')} check={result.imap} />
        <CheckLine label={t('accounts.test.smtp')} check={result.smtp} />
      </Box>
    </Alert>
  );
}

import type { Account } from '@brieftaube/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Collapse,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestAccountConnection } from '../../../api/accounts.ts';
import { useOAuthProviders } from '../../../api/oauth.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';
import { accountStatus } from '../lib/account-status.ts';
import { formatCount, formatDateTime, formatRelative } from '../lib/format.ts';
import { AccountStatusChip } from './AccountStatusChip.tsx';
import { ConnectionTestResult } from './ConnectionTestResult.tsx';
import { OAuthButton } from './OAuthButton.tsx';
import { ProviderAvatar } from './ProviderAvatar.tsx';
import { BreakableAddress } from '../../../components/mail/BreakableAddress.tsx';

export interface AccountCardProps {
  account: Account;
  /** Epoch ms the list was rendered at (status and relative times). */
  now: number;
  syncing: boolean;
  onSync: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One connected account: who, where, how many, how it is doing, and what can be done with it. */
export function AccountCard({ account, now, syncing, onSync, onEdit, onDelete }: AccountCardProps) {
  const { t } = useTranslation();
  const status = accountStatus(account, now);
  const providers = useOAuthProviders();
  const googleOffered = providers.data?.some((p) => p.provider === 'google' && p.configured);
  const test = useTestAccountConnection();
  const [testOpen, setTestOpen] = useState(false);
  const titleId = `account-${account.id}-title`;
  const security = (value: string) => t(`accounts.securityOnCard.${value}`);
  const when = account.last_sync_at
    ? (formatRelative(account.last_sync_at, now) ?? t('accounts.justNow'))
    : null;

  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <ProviderAvatar provider={account.provider} />
          <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
            <Typography
              id={titleId}
              variant="h6"
              component="h2"
              sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
            >
              <BreakableAddress address={account.email_address} />
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {[account.display_name, t(`accounts.provider.${account.provider}`)]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Box sx={{ mt: 1 }}>
              <AccountStatusChip status={status} />
            </Box>
          </Box>
          <Box sx={{ textAlign: { xs: 'left', sm: 'right' }, flex: '0 0 auto' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {t('accounts.emails', {
                count: account.total_emails,
                formatted: formatCount(account.total_emails),
              })}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('accounts.unread', {
                count: account.unread_emails,
                formatted: formatCount(account.unread_emails),
              })}
            </Typography>
          </Box>
        </Box>

        <Box sx={{ display: 'grid', gap: 0.5, color: 'text.secondary' }}>
          <Typography variant="body2">
            {t('accounts.imapSummary', {
              host: account.imap_server,
              port: account.imap_port,
              security: security(account.imap_security),
            })}
          </Typography>
          <Typography variant="body2">
            {t('accounts.smtpSummary', {
              host: account.smtp_server,
              port: account.smtp_port,
              security: security(account.smtp_security),
            })}
          </Typography>
          {account.username && (
            <Typography variant="body2">
              {t('accounts.usernameSummary', { username: account.username })}
            </Typography>
          )}
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5 }}>
            <Mdi name={syncing ? 'sync' : 'clock-outline'} sx={{ fontSize: 18 }} />
            {syncing ? (
              <Typography variant="body2">{t('accounts.syncRunning')}</Typography>
            ) : account.last_sync_at && when ? (
              <Tooltip title={formatDateTime(account.last_sync_at)}>
                <Typography variant="body2">{t('accounts.lastSync', { when })}</Typography>
              </Tooltip>
            ) : (
              <Typography variant="body2">{t('accounts.neverSynced')}</Typography>
            )}
          </Stack>
        </Box>

        {account.last_sync_error && status.kind !== 'needsReauth' && (
          <Alert severity="error">
            {t('accounts.lastSyncError', { message: account.last_sync_error })}
          </Alert>
        )}
        {status.kind === 'needsReauth' && account.provider !== 'imap' && (
          <Alert severity="warning">
            {t('accounts.status.reauthText')}
            <Box sx={{ mt: 1 }}>
              <OAuthButton provider={account.provider} accountId={account.id}>
                {t('accounts.status.reauth')}
              </OAuthButton>
            </Box>
          </Alert>
        )}
        {status.convertibleToOAuth && googleOffered && (
          <Alert severity="info" icon={<Mdi name="google" />}>
            {t('accounts.status.convertible')}
            <Box sx={{ mt: 1 }}>
              <OAuthButton provider="google" accountId={account.id}>
                {t('accounts.status.convert')}
              </OAuthButton>
            </Box>
          </Alert>
        )}

        <Box
          role="group"
          aria-label={t('accounts.actionsLabel', { email: account.email_address })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          <Button
            variant="contained"
            startIcon={<Mdi name="sync" />}
            onClick={onSync}
            loading={syncing}
            loadingPosition="start"
          >
            {t('accounts.sync')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<Mdi name="lan-connect" />}
            loading={test.isPending}
            loadingPosition="start"
            onClick={() => {
              setTestOpen(true);
              test.mutate(account.id);
            }}
          >
            {t('accounts.testConnection')}
          </Button>
          <Button variant="outlined" startIcon={<Mdi name="pencil-outline" />} onClick={onEdit}>
            {t('accounts.edit')}
          </Button>
          <Button
            color="error"
            startIcon={<Mdi name="delete-outline" />}
            onClick={onDelete}
            sx={{ ml: { sm: 'auto' } }}
          >
            {t('accounts.remove')}
          </Button>
        </Box>

        {/* Below the buttons: a result that arrives (and grows the panel) moves none of them. */}
        <Collapse in={testOpen} unmountOnExit>
          <ConnectionTestResult
            result={test.data}
            pending={test.isPending}
            failure={
              test.isError
                ? `${t('accounts.test.requestFailed')} ${errorMessage(test.error)}`
                : null
            }
            onClose={() => setTestOpen(false)}
          />
        </Collapse>
      </CardContent>
    </Card>
  );
}

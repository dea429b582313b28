import type { Account } from '@brieftaube/shared';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ComposeBackup, readBackup, removeBackup } from '../lib/compose-backup.ts';
import type { ComposeSetup } from '../lib/compose-values.ts';
import { ComposeForm } from './ComposeForm.tsx';

interface Props {
  setup: ComposeSetup;
  accounts: Account[];
  title: string;
  backupKey: string | null;
}

const when = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

function restoredSetup(setup: ComposeSetup, backup: ComposeBackup, accounts: Account[]) {
  const account = accounts.some((a) => a.id === backup.values.account)
    ? backup.values.account
    : setup.values.account;
  return {
    ...setup,
    values: { ...backup.values, account, attachments: [] },
    html: backup.html,
    draftId: backup.draftId ?? setup.draftId,
    forwarded: backup.forwarded,
    focus: 'body' as const,
    restored: true,
  };
}

/**
 * The compose form, with an offer to take up what was written here before and never reached the
 * server (compose-backup.ts). The offer is read once: the new form's own backups do not change it.
 */
export function RestorableCompose({ setup, accounts, title, backupKey }: Props) {
  const { t } = useTranslation();
  const [offer, setOffer] = useState(() => (backupKey ? readBackup(backupKey) : null));
  const [current, setCurrent] = useState({ setup, generation: 0 });

  const restore = (backup: ComposeBackup) => {
    setOffer(null);
    setCurrent((c) => ({
      setup: restoredSetup(setup, backup, accounts),
      generation: c.generation + 1,
    }));
  };
  const dismiss = () => {
    setOffer(null);
    if (backupKey) removeBackup(backupKey);
  };

  return (
    <>
      {offer && (
        <Box sx={{ maxWidth: 1040, mx: 'auto', mb: 2 }}>
          <Alert
            severity="info"
            role="status"
            action={
              <Stack direction="row" spacing={1}>
                <Button color="inherit" size="small" onClick={() => restore(offer)}>
                  {t('compose.backup.restore')}
                </Button>
                <Button color="inherit" size="small" onClick={dismiss}>
                  {t('compose.backup.dismiss')}
                </Button>
              </Stack>
            }
          >
            {t('compose.backup.found', {
              date: when.format(offer.savedAt),
              subject: offer.values.subject.trim() || t('compose.backup.noSubject'),
            })}
            {offer.attachmentNames.length > 0 &&
              ` ${t('compose.backup.files', { names: offer.attachmentNames.join(', ') })}`}
          </Alert>
        </Box>
      )}
      <ComposeForm
        key={current.generation}
        setup={current.setup}
        accounts={accounts}
        title={title}
        backupKey={backupKey}
      />
    </>
  );
}

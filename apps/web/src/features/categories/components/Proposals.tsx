import type { Account } from '@brieftaube/shared';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  useAcceptProposal,
  useDismissProposal,
  useProposals,
  type CategoryProposal,
} from '../../../api/ai.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';
import type { useProposalRun } from '../../ai/use-proposal-run.ts';

export function ProposeButton({
  account,
  run,
}: {
  account: Account;
  run: ReturnType<typeof useProposalRun>;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      startIcon={<Mdi name="lightbulb-on-outline" />}
      loading={run.running}
      onClick={run.start}
      aria-label={t('ai.proposals.buttonFor', { email: account.email_address })}
    >
      {t('ai.proposals.button')}
    </Button>
  );
}

/** The account's open proposals: renamed, accepted or dismissed one by one. */
export function ProposalsPanel({
  account,
  run,
  onNotice,
}: {
  account: Account;
  run: ReturnType<typeof useProposalRun>;
  onNotice: (text: string, error?: boolean) => void;
}) {
  const { t } = useTranslation();
  const proposals = useProposals(account.id);
  const list = proposals.data ?? [];
  if (!run.running && !run.failed && list.length === 0 && !run.finished) return null;
  const headingId = `proposals-${account.id}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 2, bgcolor: 'action.hover' }}
    >
      <Typography
        id={headingId}
        component="h3"
        variant="subtitle2"
        sx={{ display: 'flex', gap: 1 }}
      >
        <Mdi name="lightbulb-on-outline" sx={{ fontSize: 20 }} />
        {t('ai.proposals.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('ai.proposals.intro')}
      </Typography>
      {run.running && (
        <Box role="status" sx={{ mb: 1.5 }}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('ai.proposals.running')}
          </Typography>
          <LinearProgress aria-label={t('ai.proposals.running')} />
        </Box>
      )}
      {run.failed && <Alert severity="error">{run.failed}</Alert>}
      {!run.running && run.finished && list.length === 0 && (
        <Typography variant="body2">{t('ai.proposals.none')}</Typography>
      )}
      <Stack spacing={1.5}>
        {list.map((proposal) => (
          <ProposalCard key={proposal.id} proposal={proposal} onNotice={onNotice} />
        ))}
      </Stack>
    </Box>
  );
}

function ProposalCard({
  proposal,
  onNotice,
}: {
  proposal: CategoryProposal;
  onNotice: (text: string, error?: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(proposal.name);
  const accept = useAcceptProposal();
  const dismiss = useDismissProposal();
  const busy = accept.isPending || dismiss.isPending;
  const chosen = name.trim() || proposal.name;
  return (
    <Paper variant="outlined" component="article" aria-label={proposal.name} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('ai.proposals.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 220px' }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', pt: 1 }}>
          {t('ai.proposals.size', { count: proposal.size })}
        </Typography>
      </Box>
      <Typography sx={{ mt: 1 }}>{proposal.description}</Typography>
      {proposal.samples && proposal.samples.length > 0 && (
        <Box component="ul" aria-label={t('ai.proposals.samples')} sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {proposal.samples.map((mail) => (
            <Typography
              component="li"
              variant="body2"
              key={mail.email_id}
              sx={{ overflowWrap: 'anywhere' }}
            >
              <Link component={RouterLink} to={`/app/emails/${mail.email_id}`}>
                {mail.subject || t('ai.noSubject')}
              </Link>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' · '}
                {mail.from}
              </Box>
            </Typography>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button
          disabled={busy}
          aria-label={t('ai.proposals.dismissLabel', { name: proposal.name })}
          onClick={() =>
            dismiss.mutate(proposal.id, {
              onSuccess: () => onNotice(t('ai.proposals.dismissed', { name: proposal.name })),
              onError: (error) => onNotice(errorMessage(error), true),
            })
          }
        >
          {t('ai.proposals.dismiss')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          loading={accept.isPending}
          startIcon={<Mdi name="check" />}
          aria-label={t('ai.proposals.acceptLabel', { name: chosen })}
          onClick={() =>
            accept.mutate(
              { id: proposal.id, ...(chosen !== proposal.name ? { name: chosen } : {}) },
              {
                onSuccess: (category) =>
                  onNotice(
                    t('ai.proposals.accepted', {
                      name: category.name,
                      count: category.email_count,
                    }),
                  ),
                onError: (error) => onNotice(errorMessage(error), true),
              },
            )
          }
        >
          {t('ai.proposals.accept')}
        </Button>
      </Box>
    </Paper>
  );
}

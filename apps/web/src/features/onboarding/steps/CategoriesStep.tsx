import type { Account } from '@brieftaube/shared';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProposals, useStartAiCategorize, type AiCategorizeResult } from '../../../api/ai.ts';
import { createCategory, useCategories } from '../../../api/categories.ts';
import { taskIdsOf } from '../../../api/tasks.ts';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { useTaskOutcome } from '../../ai/use-task-outcome.ts';
import { useProposalRun } from '../../ai/use-proposal-run.ts';
import { useTaskPolling } from '../../tasks/use-task-polling.ts';

interface Choice {
  key: string;
  name: string;
  description: string;
  size?: number;
  proposalId?: number;
}

/**
 * Issue 22: after the first fetch, categories to start with — proposals from the user's own
 * mail (a cluster analysis started here) and common ones — created and filled by the AI before
 * the finish step.
 */
export function CategoriesStep({ account, onNext }: { account: Account; onNext: () => void }) {
  const { t } = useTranslation();
  // The layout's poller is not mounted during onboarding: this step follows its own tasks.
  useTaskPolling();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const run = useProposalRun(account.id, (e) => setError(errorMessage(e)));
  const proposals = useProposals(account.id);
  const existing = useCategories([account.id]);
  const asked = useRef(false);
  // Once per visit, and not again over open proposals (a reload of this step).
  useEffect(() => {
    if (asked.current || !proposals.isSuccess || proposals.data.length > 0) return;
    asked.current = true;
    run.start();
  }, [proposals.isSuccess, proposals.data, run]);

  const taken = new Set((existing.data ?? []).map((c) => c.name.toLowerCase()));
  const own: Choice[] = (proposals.data ?? []).map((p) => ({
    key: `p${p.id}`,
    name: p.name,
    description: p.description,
    size: p.size,
    proposalId: p.id,
  }));
  const ownNames = new Set(own.map((c) => c.name.toLowerCase()));
  const common: Choice[] = (
    t('onboarding.commonCategories', { returnObjects: true }) as readonly {
      name: string;
      description: string;
    }[]
  )
    .filter((c) => !taken.has(c.name.toLowerCase()) && !ownNames.has(c.name.toLowerCase()))
    .map((c) => ({ key: `c${c.name}`, ...c }));
  // The user's own groups are chosen unless unticked; the common ones only when ticked.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const isChosen = (choice: Choice) => ticked[choice.key] ?? choice.proposalId !== undefined;
  const chosen = [...own, ...common].filter(isChosen);

  const categorize = useStartAiCategorize();
  const [saving, setSaving] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);
  const outcome = useTaskOutcome<AiCategorizeResult>(taskId);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      for (const choice of chosen)
        if (choice.proposalId !== undefined)
          await api.post(`/api/tasks/cluster-refine/proposals/${choice.proposalId}/accept/`, {});
        else
          await createCategory({
            name: choice.name,
            description: choice.description,
            account: account.id,
          });
      await Promise.all(
        [['categories'], ['proposals'], ['accounts'], ['folders']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      const started = await categorize.mutateAsync({
        account_id: account.id,
        reclassify_uncategorized_only: true,
      });
      setTaskId(taskIdsOf(started)[0] ?? null);
    } catch (e) {
      setError(`${t('onboarding.categoriesFailed')} ${errorMessage(e)}`);
    } finally {
      setSaving(false);
    }
  };

  const filing = taskId !== null && outcome?.state === 'running';
  const done = outcome?.state === 'success' ? outcome.result : null;
  const failed = outcome?.state === 'failed' ? outcome.message : null;

  const row = (choice: Choice) => (
    <FormControlLabel
      key={choice.key}
      sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
      control={
        <Checkbox
          checked={isChosen(choice)}
          disabled={saving || taskId !== null}
          onChange={(event) => setTicked((old) => ({ ...old, [choice.key]: event.target.checked }))}
          sx={{ p: 0.5 }}
        />
      }
      label={
        <Box sx={{ pt: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {choice.name}
            {choice.size !== undefined && (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                {t('onboarding.categoriesSize', { count: choice.size })}
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {choice.description}
          </Typography>
        </Box>
      }
    />
  );

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {t('onboarding.categoriesTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('onboarding.categoriesText')}</Typography>
      </Box>
      <Box component="section" aria-labelledby="onboarding-own">
        <Typography id="onboarding-own" component="h3" variant="overline" sx={{ display: 'block' }}>
          {t('onboarding.categoriesOwn')}
        </Typography>
        {run.running || proposals.isPending ? (
          <Box role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('onboarding.categoriesSearching')}
            </Typography>
            <LinearProgress aria-label={t('onboarding.categoriesSearching')} />
          </Box>
        ) : own.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('onboarding.categoriesNone')}
          </Typography>
        ) : (
          <Stack spacing={1.5}>{own.map(row)}</Stack>
        )}
      </Box>
      {common.length > 0 && (
        <Box component="section" aria-labelledby="onboarding-common">
          <Typography
            id="onboarding-common"
            component="h3"
            variant="overline"
            sx={{ display: 'block' }}
          >
            {t('onboarding.categoriesCommon')}
          </Typography>
          <Stack spacing={1.5}>{common.map(row)}</Stack>
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {failed && <Alert severity="error">{failed}</Alert>}
      {filing && (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('onboarding.categoriesFiling')}
          </Typography>
          <LinearProgress aria-label={t('onboarding.categoriesFiling')} />
        </Box>
      )}
      {done && (
        <Alert severity="success">
          {t('onboarding.categoriesDone', { count: done.categorized })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap' }}>
        {done || failed ? (
          <Button variant="contained" onClick={onNext}>
            {t('common.next')}
          </Button>
        ) : filing ? (
          <Button onClick={onNext}>{t('onboarding.continueInBackground')}</Button>
        ) : (
          <>
            <Button color="inherit" onClick={onNext} disabled={saving}>
              {t('onboarding.categoriesSkip')}
            </Button>
            <Button
              variant="contained"
              disabled={chosen.length === 0 || run.running}
              loading={saving}
              onClick={() => void submit()}
            >
              {t('onboarding.categoriesSubmit', { count: chosen.length })}
            </Button>
          </>
        )}
      </Box>
    </Stack>
  );
}

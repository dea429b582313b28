import { Alert, Box, LinearProgress, Link, List, ListItem, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AiQuestionResult } from '../../api/ai.ts';
import { formatMediumDate } from '../../components/mail/format.ts';
import { Mdi } from '../../components/ui/Mdi.tsx';
import type { AskedQuestion } from './question-history.ts';
import { useTaskOutcome } from './use-task-outcome.ts';

// The server's words when nothing supports an answer (spec §7, issue 21).
const NOTHING_FOUND = /nichts gefunden/i;

/** One question with its answer and the mails it cites, or its progress while it runs. */
export function AnswerCard({
  entry,
  onSettled,
}: {
  entry: AskedQuestion;
  onSettled: (result: AiQuestionResult | null, failed?: string) => void;
}) {
  const { t } = useTranslation();
  const settled = entry.result || entry.failed;
  const outcome = useTaskOutcome<AiQuestionResult>(settled ? null : entry.taskId);
  useEffect(() => {
    if (outcome?.state === 'success') onSettled(outcome.result);
    if (outcome?.state === 'failed') onSettled(null, outcome.message || t('ai.ask.failed'));
    // onSettled is recreated by the parent each render; the outcome decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome?.state]);
  const result = entry.result ?? (outcome?.state === 'success' ? outcome.result : undefined);
  const failed = entry.failed ?? (outcome?.state === 'failed' ? outcome.message : undefined);
  const nothing = result && result.sources.length === 0 && NOTHING_FOUND.test(result.answer);
  return (
    <Paper variant="outlined" component="article" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 600, display: 'flex', gap: 1 }}
      >
        <Mdi name="account-question-outline" sx={{ color: 'text.secondary' }} />
        {entry.question}
      </Typography>
      {!result && !failed && (
        <Box sx={{ mt: 2 }} role="status">
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('ai.ask.running')}</Typography>
          <LinearProgress aria-label={t('ai.ask.running')} />
        </Box>
      )}
      {failed && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failed || t('ai.ask.failed')}
        </Alert>
      )}
      {result && nothing && (
        <Alert severity="info" icon={<Mdi name="magnify-close" />} sx={{ mt: 2 }}>
          {result.answer}
        </Alert>
      )}
      {result && !nothing && (
        <Box sx={{ mt: 2 }}>
          <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="ai-answer">
            {result.answer}
          </Typography>
          {result.note && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {result.note}
            </Alert>
          )}
          {result.sources.length > 0 && (
            <>
              <Typography
                component="h3"
                variant="overline"
                sx={{ display: 'block', mt: 2, color: 'text.secondary' }}
              >
                {t('ai.ask.sourcesCount', { count: result.sources.length })}
              </Typography>
              <List dense disablePadding aria-label={t('ai.ask.sources')}>
                {result.sources.map((source) => (
                  <ListItem
                    key={source.email_id}
                    disableGutters
                    sx={{ display: 'block', py: 0.75, borderTop: 1, borderColor: 'divider' }}
                  >
                    <Link
                      component={RouterLink}
                      to={`/app/emails/${source.email_id}`}
                      aria-label={t('ai.ask.open', {
                        subject: source.subject || t('ai.noSubject'),
                      })}
                      sx={{ fontWeight: 600 }}
                    >
                      {source.subject || t('ai.noSubject')}
                    </Link>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {source.from} · {formatMediumDate(source.date)}
                    </Typography>
                    {source.quote && (
                      <Typography
                        variant="body2"
                        component="blockquote"
                        sx={{ m: 0, mt: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
                      >
                        {source.quote}
                      </Typography>
                    )}
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}

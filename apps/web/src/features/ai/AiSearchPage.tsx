import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useStartAiSearch, type AiSearchResult } from '../../api/ai.ts';
import { taskIdsOf } from '../../api/tasks.ts';
import { formatListDate } from '../../components/mail/format.ts';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../lib/error-messages.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTaskOutcome } from './use-task-outcome.ts';

// A query searched once per page session: back from a hit shows the same hits without a new
// task, also after the task has left the server's list (finished tasks stay there 5 minutes).
const started = new Map<string, string>();
const found = new Map<string, AiSearchResult>();

/** /app/ai-search?q=…: a search in natural language (AI_SEARCH), its reading and its hits. */
export function AiSearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  // A new query is a new search: its own state from the start.
  return <AiSearchView key={query} query={query} />;
}

function AiSearchView({ query }: { query: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('ai.search.title'));
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const [taskId, setTaskId] = useState<string | null>(() => started.get(query) ?? null);
  const [startError, setStartError] = useState<string | null>(null);
  const start = useStartAiSearch();
  const outcome = useTaskOutcome<AiSearchResult>(taskId);

  // Only callbacks set state here: the effect below starts the first search of a query.
  const begin = () =>
    start.mutate(query, {
      onSuccess: (response) => {
        const [id] = taskIdsOf(response);
        if (!id) return;
        started.set(query, id);
        setTaskId(id);
      },
      onError: (error) => setStartError(errorMessage(error)),
    });
  const run = () => {
    found.delete(query);
    setStartError(null);
    setTaskId(null);
    begin();
  };
  useEffect(() => {
    if (query && !started.has(query)) begin();
    // Once per query (the component is keyed by it); `begin` is a new function every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (!next) return;
    if (next === query) run();
    else void navigate(`/app/ai-search?q=${encodeURIComponent(next)}`);
  };

  const result = outcome?.state === 'success' ? outcome.result : (found.get(query) ?? null);
  if (outcome?.state === 'success') found.set(query, outcome.result);
  const failed =
    startError ?? (outcome?.state === 'failed' ? outcome.message || t('ai.search.failed') : null);
  const running = !!query && !result && !failed;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title={t('ai.search.title')}
        intro={result ? result.interpretation : query ? `„${query}“` : t('ai.search.empty')}
        action={
          <Button
            component={RouterLink}
            to={query ? `/app?q=${encodeURIComponent(query)}` : '/app'}
            startIcon={<Mdi name="magnify" />}
            variant="outlined"
          >
            {t('ai.search.plain')}
          </Button>
        }
      />
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 3 }} role="search">
        <TextField
          fullWidth
          size="small"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': t('ai.search.withAi'), maxLength: 1000 } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<Mdi name="creation" />}
          sx={{ flexShrink: 0 }}
        >
          {t('ai.search.withAi')}
        </Button>
      </Box>
      {running && (
        <Box role="status">
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('ai.search.running')}</Typography>
          <LinearProgress aria-label={t('ai.search.running')} />
        </Box>
      )}
      {failed && <Alert severity="error">{failed}</Alert>}
      {result && result.results.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Mdi name="magnify-close" sx={{ fontSize: 48, color: 'text.secondary' }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {t('ai.search.none')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('ai.search.noneText')}</Typography>
        </Paper>
      )}
      {result && result.results.length > 0 && (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 1 }} role="status">
            {t(result.more ? 'ai.search.resultsMore' : 'ai.search.results', {
              count: result.results.length,
            })}
          </Typography>
          <Paper variant="outlined">
            <List disablePadding aria-label={t('ai.search.label')}>
              {result.results.map((hit, index) => (
                <ListItem
                  key={hit.email_id}
                  disablePadding
                  divider={index < result.results.length - 1}
                >
                  <ListItemButton
                    component={RouterLink}
                    to={`/app/emails/${hit.email_id}`}
                    sx={{ display: 'block', py: 1.25 }}
                  >
                    <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
                      <Typography noWrap sx={{ fontWeight: 600, flex: '0 1 220px', minWidth: 0 }}>
                        {hit.from ?? ''}
                      </Typography>
                      <Typography noWrap sx={{ flex: 1, minWidth: 0 }}>
                        {hit.subject || t('ai.noSubject')}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                        {hit.date ? formatListDate(hit.date) : ''}
                      </Typography>
                    </Box>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                      {hit.snippet}
                    </Typography>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        </>
      )}
    </Box>
  );
}

import { Box, Button, Chip, Stack, TextField } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartAiQuestion, type AiQuestionResult } from '../../api/ai.ts';
import { taskIdsOf } from '../../api/tasks.ts';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../lib/error-messages.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AnswerCard } from './AnswerCard.tsx';
import { readQuestions, saveQuestions, type AskedQuestion } from './question-history.ts';

/** /app/ask: questions answered from the user's own mail (AI_QUESTION), newest on top. */
export function AskPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ai.ask.title'));
  const [question, setQuestion] = useState('');
  const [entries, setEntries] = useState<AskedQuestion[]>(readQuestions);
  const start = useStartAiQuestion();
  const input = useRef<HTMLInputElement>(null);

  const update = (change: (old: AskedQuestion[]) => AskedQuestion[]) =>
    setEntries((old) => {
      const next = change(old);
      saveQuestions(next);
      return next;
    });

  const ask = (text: string) => {
    const asked = text.trim();
    if (!asked || start.isPending) return;
    start.mutate(asked, {
      onSuccess: (response) => {
        const [taskId] = taskIdsOf(response);
        update((old) => [{ taskId: taskId ?? null, question: asked }, ...old]);
        setQuestion('');
      },
      onError: (error) =>
        update((old) => [{ taskId: null, question: asked, failed: errorMessage(error) }, ...old]),
    });
  };

  const settle = (taskId: string, result: AiQuestionResult | null, failed?: string) =>
    update((old) =>
      old.map((entry) =>
        entry.taskId === taskId
          ? { ...entry, ...(result ? { result } : { failed: failed ?? '' }) }
          : entry,
      ),
    );

  return (
    <Box sx={{ maxWidth: 860 }}>
      <PageHeader title={t('ai.ask.title')} intro={t('ai.ask.intro')} />
      <Box
        component="form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          ask(question);
        }}
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'flex-start',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
        }}
      >
        <TextField
          fullWidth
          autoFocus
          label={t('ai.ask.label')}
          placeholder={t('ai.ask.placeholder')}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          inputRef={input}
          slotProps={{ htmlInput: { maxLength: 1000, enterKeyHint: 'send' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<Mdi name="creation" />}
          loading={start.isPending}
          disabled={!question.trim()}
          sx={{ height: 56, flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
        >
          {t('ai.ask.submit')}
        </Button>
      </Box>
      {entries.length === 0 && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {(t('ai.ask.exampleList', { returnObjects: true }) as readonly string[]).map(
            (example) => (
              <Chip
                key={example}
                label={example}
                variant="outlined"
                onClick={() => {
                  setQuestion(example);
                  input.current?.focus();
                }}
              />
            ),
          )}
        </Stack>
      )}
      <Stack spacing={2} sx={{ mt: 3 }} aria-live="polite">
        {entries.map((entry, index) => (
          <AnswerCard
            key={entry.taskId ?? `failed-${index}-${entry.question}`}
            entry={entry}
            onSettled={(result, failed) => entry.taskId && settle(entry.taskId, result, failed)}
          />
        ))}
      </Stack>
      {entries.length > 0 && (
        <Button
          sx={{ mt: 2 }}
          startIcon={<Mdi name="delete-sweep-outline" />}
          onClick={() => update(() => [])}
        >
          {t('ai.ask.clear')}
        </Button>
      )}
    </Box>
  );
}

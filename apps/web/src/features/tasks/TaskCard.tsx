import { Box, Button, IconButton, LinearProgress, Paper, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useUndoCategorize } from '../../api/ai.ts';
import type { TaskStatus } from '../../api/tasks.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { isFinished, isSuccess, taskSeverity, taskTitleKey } from './task-status.ts';

// A CSS animation, not a JS transition: it runs the same under a test's fake clock.
const slideIn = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

const percentFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** A categorisation that filed mail can be taken back from its card (issue 22). */
const canUndo = (task: TaskStatus) =>
  task.task_type.toUpperCase() === 'AI_CATEGORIZE' &&
  isSuccess(task.status) &&
  ((task.result as { categorized?: number } | null)?.categorized ?? 0) > 0;

function UndoRun({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const undo = useUndoCategorize();
  if (undo.isSuccess)
    return (
      <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
        {t('tasks.undone', { count: undo.data.restored })}
      </Typography>
    );
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        startIcon={<Mdi name="undo" />}
        loading={undo.isPending}
        onClick={() => undo.mutate(taskId)}
        sx={{ ml: -1 }}
      >
        {t('tasks.undo')}
      </Button>
      {undo.isError && (
        <Typography variant="body2" color="error" role="alert">
          {errorMessage(undo.error)}
        </Typography>
      )}
    </Box>
  );
}

export function TaskCard({ task, onClose }: { task: TaskStatus; onClose: () => void }) {
  const { t } = useTranslation();
  const severity = taskSeverity(task.status);
  const running = !isFinished(task.status);
  const revoked = !running && severity === 'info';
  const typeTitle = t(taskTitleKey(task.task_type));
  const title = task.account_email
    ? t('tasks.titleWithAccount', { title: typeTitle, email: task.account_email })
    : typeTitle;
  const percent = Math.min(100, Math.max(0, Math.round(task.percent || 0)));
  const icon = running
    ? 'sync mdi-spin'
    : severity === 'success'
      ? 'check-circle'
      : severity === 'error'
        ? 'alert-circle'
        : 'cancel';
  const titleId = `task-${task.task_id}-title`;

  return (
    <Paper
      elevation={6}
      role={severity === 'error' ? 'alert' : 'status'}
      aria-labelledby={titleId}
      data-testid="task-card"
      data-status={task.status.toUpperCase()}
      sx={{
        pointerEvents: 'auto',
        position: 'relative',
        overflow: 'hidden',
        pl: 2,
        pr: 1,
        py: 1.25,
        borderLeft: 4,
        borderColor: `${severity}.main`,
        animation: `${slideIn} 180ms ease-out`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.25 }}>
        <Mdi
          name={icon}
          sx={{ color: `${severity}.main`, fontSize: 22, mt: 0.25, flexShrink: 0 }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={titleId}
            variant="subtitle2"
            component="p"
            sx={{ fontWeight: 700, lineHeight: 1.35, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {(task.message || revoked) && (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', mt: 0.25, overflowWrap: 'anywhere' }}
            >
              {task.message || t('tasks.status.revoked')}
            </Typography>
          )}
          {canUndo(task) && <UndoRun taskId={task.task_id} />}
          {running && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, mb: 0.25 }}>
              <LinearProgress
                // A new element when the first percent arrives: MUI would otherwise animate the
                // bar from full width down to it.
                key={percent > 0 ? 'determinate' : 'indeterminate'}
                variant={percent > 0 ? 'determinate' : 'indeterminate'}
                value={percent}
                color="info"
                aria-label={t('tasks.progress', { percent: percentFormat.format(percent) })}
                sx={{ flex: 1, height: 6, borderRadius: 3 }}
              />
              <Typography
                variant="caption"
                aria-hidden
                sx={{ color: 'text.secondary', minWidth: 36, textAlign: 'right' }}
              >
                {`${percentFormat.format(percent)} %`}
              </Typography>
            </Box>
          )}
        </Box>
        <IconButton size="small" aria-label={t('tasks.close')} onClick={onClose} sx={{ mt: -0.25 }}>
          <Mdi name="close" sx={{ fontSize: 18 }} />
        </IconButton>
      </Box>
    </Paper>
  );
}

import { Box, Button, Tooltip } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import type { DraftState } from '../hooks/use-draft-autosave.ts';
import { DraftStatus } from './DraftStatus.tsx';

interface Props {
  sending: boolean;
  busy: boolean;
  draft: DraftState;
  draftErrorText: string | undefined;
  onSend: () => void;
  onFiles: (files: File[]) => void;
  onRetryDraft: () => void;
  onDiscard: () => void;
  onSuggest: () => void;
  suggesting: boolean;
}

export function ComposeFooter({
  sending,
  busy,
  draft,
  draftErrorText,
  onSend,
  onFiles,
  onRetryDraft,
  onDiscard,
  onSuggest,
  suggesting,
}: Props) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Tooltip title={t('compose.sendTooltip')}>
        <span>
          <Button
            variant="contained"
            onClick={onSend}
            disabled={busy}
            loading={sending}
            loadingPosition="start"
            startIcon={<Mdi name="send" />}
            sx={{ px: 3 }}
          >
            {sending ? t('compose.sending') : t('compose.send')}
          </Button>
        </span>
      </Tooltip>
      <Button
        color="inherit"
        startIcon={<Mdi name="paperclip" />}
        disabled={busy}
        onClick={() => fileInput.current?.click()}
      >
        {t('compose.attachments.add')}
      </Button>
      <Tooltip title={t('compose.ai.tooltip')}>
        <span>
          <Button
            color="inherit"
            startIcon={<Mdi name="creation" />}
            disabled={busy}
            loading={suggesting}
            loadingPosition="start"
            onClick={onSuggest}
          >
            {t('compose.ai.button')}
          </Button>
        </span>
      </Tooltip>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      {/* Never narrower than its words: where the row has no room left (a phone), the status
          takes the next line instead of shrinking to an ellipsis. */}
      <Box sx={{ flex: '1 1 auto', display: 'flex', justifyContent: 'flex-end' }}>
        <DraftStatus
          status={draft.status}
          savedAt={draft.savedAt}
          errorText={draftErrorText}
          onRetry={onRetryDraft}
        />
      </Box>
      <Tooltip title={t('compose.discardTitle')}>
        <span>
          <Button
            color="inherit"
            startIcon={<Mdi name="delete-outline" />}
            onClick={onDiscard}
            disabled={busy}
          >
            {t('compose.discard')}
          </Button>
        </span>
      </Tooltip>
    </Box>
  );
}

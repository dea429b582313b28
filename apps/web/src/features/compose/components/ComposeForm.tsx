import type { Account } from '@brieftaube/shared';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { discardDraft, sendEmailWithProgress } from '../../../api/compose.ts';
import { useComposeBackup } from '../hooks/use-compose-backup.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useFileDrop } from '../hooks/use-file-drop.ts';
import {
  MAX_ATTACHMENT_BYTES,
  formatBytes,
  toLocalAttachment,
  totalBytes,
} from '../lib/attachments.ts';
import type { ComposeBackup } from '../lib/compose-backup.ts';
import { composeFailure } from '../lib/compose-errors.ts';
import {
  type ComposeSetup,
  type ComposeValues,
  composeResolver,
  isBlank,
  toComposeInput,
} from '../lib/compose-values.ts';
import { showSentNotice } from '../lib/sent-notice.tsx';
import { AttachmentList } from './AttachmentList.tsx';
import { ComposeFooter } from './ComposeFooter.tsx';
import { SuggestionPanel, useSuggestion } from './SuggestionPanel.tsx';
import { ComposeHeader } from './ComposeHeader.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { DropOverlay } from './DropOverlay.tsx';
import { LeaveDialogs } from './LeaveDialogs.tsx';
import { type EditorHandle, RichTextEditor } from './RichTextEditor.tsx';
import { SendProgress } from './SendProgress.tsx';

interface Props {
  setup: ComposeSetup;
  accounts: Account[];
  title: string;
  /** Where what the server has not received is kept in the browser (compose-backup.ts). */
  backupKey: string | null;
}

export function ComposeForm({ setup, accounts, title, backupKey }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editor = useRef<EditorHandle>(null);
  const resolver = useMemo(() => composeResolver(setup.forwarded), [setup.forwarded]);
  const form = useForm<ComposeValues>({ defaultValues: setup.values, resolver });
  const { errors } = form.formState;
  const attachments = useWatch({ control: form.control, name: 'attachments' });

  // Restored from the browser's backup: the server has not got it, so it counts as a change.
  const [revision, setRevision] = useState(setup.restored ? 1 : 0);
  const changed = useCallback(() => setRevision((r) => r + 1), []);
  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: changed }),
    [form, changed],
  );

  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState(0);
  const [discarding, setDiscarding] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [attachmentNotice, setAttachmentNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'noSubject' | 'discard' | null>(null);
  const suggestion = useSuggestion();

  // A draft opened for editing keeps its files on the server until they are removed here.
  const [kept, setKept] = useState(setup.forwarded);
  const removeKept = (index: number) => {
    setKept((list) => list.filter((_a, i) => i !== index));
    changed();
  };
  const keptRef = useRef(kept);
  useLayoutEffect(() => {
    keptRef.current = kept;
  }, [kept]);
  // A reply opens with recipients, subject and quote filled in, a draft as it was saved: as
  // they opened, there is nothing new to keep.
  const openedValues = useMemo(() => JSON.stringify(setup.values), [setup.values]);
  const build = useCallback(
    async (draftId: number | undefined) => {
      const values = form.getValues();
      if (!editor.current || values.account === '') return null;
      if (!draftId && isBlank(values, editor.current.isEmpty())) return null;
      if (
        !setup.restored &&
        draftId === (setup.draftId ?? undefined) &&
        keptRef.current === setup.forwarded &&
        JSON.stringify(values) === openedValues &&
        editor.current.isPristine()
      )
        return null;
      return toComposeInput(values, editor.current.getBody(), setup, draftId, keptRef.current);
    },
    [form, setup, openedValues],
  );
  const draft = useDraftAutosave({
    revision,
    build,
    enabled: !sending && !discarding && !done,
    initialDraftId: setup.draftId ?? undefined,
  });
  const snapshot = useCallback((): ComposeBackup | null => {
    const values = form.getValues();
    if (!editor.current || isBlank(values, editor.current.isEmpty())) return null;
    const { attachments: files, ...rest } = values;
    return {
      values: rest,
      html: editor.current.getBody().html,
      draftId: draft.draftId() ?? null,
      forwarded: keptRef.current,
      attachmentNames: files.map((a) => a.file.name),
      savedAt: Date.now(),
    };
  }, [form, draft]);
  useComposeBackup({
    storageKey: backupKey,
    revision,
    unsaved: draft.unsaved,
    saved: draft.status === 'saved',
    done,
    snapshot,
  });
  const guard = useLeaveGuard({
    unsaved: draft.unsaved,
    sending: sending || discarding,
    done,
    save: draft.saveNow,
  });

  const addFiles = (files: File[]) => {
    const current = form.getValues('attachments');
    let bytes = totalBytes(current, keptRef.current);
    const accepted = [];
    const rejected: string[] = [];
    for (const file of files) {
      if (bytes + file.size > MAX_ATTACHMENT_BYTES) {
        rejected.push(
          t('compose.attachments.rejected', {
            name: file.name,
            size: formatBytes(file.size),
            limit: formatBytes(MAX_ATTACHMENT_BYTES),
          }),
        );
        continue;
      }
      bytes += file.size;
      accepted.push(toLocalAttachment(file));
    }
    if (accepted.length) form.setValue('attachments', [...current, ...accepted]);
    form.clearErrors('attachments');
    setAttachmentNotice(rejected.length ? rejected.join(' ') : null);
  };
  const removeAttachment = (id: string) => {
    form.setValue(
      'attachments',
      form.getValues('attachments').filter((a) => a.id !== id),
    );
    form.clearErrors('attachments');
    setAttachmentNotice(null);
  };
  const drop = useFileDrop(addFiles, !sending && !done);

  const leave = async () => {
    guard.release();
    setDone(true);
    await Promise.all(
      ['emails', 'folders', 'accounts'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
  };

  const send = async (values: ComposeValues) => {
    const sentRevision = revision;
    setSending(true);
    setProgress(0);
    setFailure(null);
    try {
      await draft.settle();
      const body = editor.current!.getBody();
      const input = await toComposeInput(values, body, setup, draft.draftId(), keptRef.current);
      const result = await sendEmailWithProgress(input, setProgress);
      showSentNotice(
        theme,
        t(result.sent_copy_pending ? 'compose.sentCopyPending' : 'compose.sent'),
        t('common.close'),
      );
      void leave();
      await goBack();
    } catch (error) {
      const result = composeFailure(error, form.getValues());
      // SMTP refused it: the server now holds exactly this message as the draft.
      if (result.draftId) draft.markSaved(sentRevision, result.draftId);
      for (const [field, message] of Object.entries(result.fields))
        form.setError(field as keyof ComposeValues, { type: 'server', message });
      setFailure(result.message);
    } finally {
      setSending(false);
    }
  };

  const submit = (confirmedWithoutSubject = false) => {
    if (sending || done) return;
    setFailure(null);
    void form.handleSubmit((values) => {
      if (!confirmedWithoutSubject && !values.subject.trim()) {
        setConfirm('noSubject');
        return;
      }
      return send(values);
    })();
  };

  /**
   * Back to where the user came from, leaving no compose form in the history: Back after sending
   * must not offer the same reply, filled in again, for a second send.
   */
  const goBack = async () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) await navigate(-1);
    else await navigate(setup.backTo, { replace: true });
  };

  const discard = async () => {
    setConfirm(null);
    setDiscarding(true);
    setFailure(null);
    try {
      await draft.settle();
      const id = draft.draftId();
      if (id) await discardDraft(id);
      await leave();
      await goBack();
    } catch {
      setFailure(t('compose.discardFailed'));
    } finally {
      setDiscarding(false);
    }
  };
  const askDiscard = () => {
    const blank = isBlank(form.getValues(), editor.current?.isEmpty() ?? true);
    if (blank && !draft.draftId()) void discard();
    else setConfirm('discard');
  };

  return (
    <Box sx={{ maxWidth: 1040, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Paper
        component="section"
        variant="outlined"
        aria-label={t('compose.formLabel')}
        sx={{ position: 'relative' }}
        onKeyDownCapture={(event) => {
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
          event.preventDefault();
          event.stopPropagation();
          // Blurring turns text still typed in a recipient field into a chip first.
          if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
          submit();
        }}
        {...drop.handlers}
      >
        {failure && (
          <Alert
            severity="error"
            role="alert"
            onClose={() => setFailure(null)}
            closeText={t('common.close')}
            sx={{ borderRadius: '10px 10px 0 0' }}
          >
            {failure}
          </Alert>
        )}
        <Box
          inert={sending || discarding}
          sx={{ opacity: sending ? 0.7 : 1, display: 'flex', flexDirection: 'column' }}
        >
          <ComposeHeader
            control={form.control}
            errors={errors}
            accounts={accounts}
            focusTo={setup.focus === 'to'}
          />
          <RichTextEditor
            ref={editor}
            id="compose-body"
            initialHtml={setup.html}
            autoFocus={setup.focus === 'body'}
            onChange={changed}
            onFiles={addFiles}
          />
          <SuggestionPanel
            suggestion={suggestion}
            onInsert={(text) => editor.current?.insertText(text)}
          />
          <AttachmentList
            local={attachments}
            forwarded={kept}
            onRemove={removeAttachment}
            onRemoveKept={setup.draftId ? removeKept : undefined}
            error={errors.attachments?.message ?? attachmentNotice ?? undefined}
          />
        </Box>
        {sending && <SendProgress progress={progress} />}
        <Box
          sx={{
            position: 'sticky',
            // Above the task cards while they show (a failed fetch's card stays until closed).
            bottom: 'var(--task-cards-space, 0px)',
            bgcolor: 'background.paper',
            zIndex: 1,
            borderRadius: '0 0 10px 10px',
          }}
        >
          <ComposeFooter
            sending={sending}
            busy={sending || discarding}
            draft={draft}
            draftErrorText={
              draft.status === 'error'
                ? composeFailure(draft.error, form.getValues()).message
                : undefined
            }
            onSend={() => submit()}
            onFiles={addFiles}
            onRetryDraft={() => void draft.saveNow()}
            onDiscard={askDiscard}
            suggesting={suggestion.running}
            onSuggest={() => {
              const values = form.getValues();
              suggestion.request({
                to_recipients: values.to.filter((r) => r.valid).map((r) => r.address),
                subject: values.subject,
                context: editor.current?.getBody().text ?? '',
              });
            }}
          />
        </Box>
        {drop.active && <DropOverlay />}
      </Paper>
      <ConfirmDialog
        open={confirm === 'noSubject'}
        title={t('compose.noSubject.title')}
        text={t('compose.noSubject.text')}
        confirmLabel={t('compose.noSubject.confirm')}
        onConfirm={() => {
          setConfirm(null);
          submit(true);
        }}
        onCancel={() => {
          setConfirm(null);
          form.setFocus('subject');
        }}
      />
      <ConfirmDialog
        open={confirm === 'discard'}
        title={t('compose.discardTitle')}
        text={t('compose.discardText')}
        confirmLabel={t('compose.discard')}
        destructive
        onConfirm={() => void discard()}
        onCancel={() => setConfirm(null)}
      />
      <LeaveDialogs phase={guard.phase} onLeave={guard.leave} onStay={guard.stay} />
    </Box>
  );
}

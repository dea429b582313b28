import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowLabels } from '../components/EmailRow.tsx';

/** The row texts, looked up once per list rather than once per row. */
export function useRowLabels(): RowLabels & { list: string; loadingMore: string } {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      list: t('mailbox.list.label'),
      loadingMore: t('mailbox.list.loadingMore'),
      unread: t('mailbox.list.unread'),
      attachment: t('mailbox.list.attachment'),
      answered: t('mailbox.list.answered'),
      flag: t('mailbox.list.flag'),
      unflag: t('mailbox.list.unflag'),
      noSubject: t('mailbox.list.noSubject'),
      unknownSender: t('mailbox.list.unknownSender'),
      select: (subject: string) => t('mailbox.list.select', { subject }),
      draftNoRecipient: t('mailbox.list.draftNoRecipient'),
      byAi: (confidence: number | null) =>
        confidence === null
          ? t('ai.categorize.byAi')
          : t('ai.categorize.byAiConfidence', { percent: Math.round(confidence * 100) }),
      to: (name: string, more: number) =>
        more > 0 ? t('mailbox.list.toMore', { name, count: more }) : t('mailbox.list.to', { name }),
    }),
    [t],
  );
}

import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { findCachedEmail, useEmail } from '../../api/emails.ts';
import { isTrustedSender, useTrustedSenders } from '../../api/remote-senders.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { MailSnackbar } from '../../components/mail/MailSnackbar.tsx';
import { useShortcuts } from '../../components/mail/use-shortcuts.ts';
import { DetailError, DetailSkeleton } from './components/DetailStates.tsx';
import { EmailDetailView } from './components/EmailDetailView.tsx';
import { useBackToList, type DetailLinkState } from './hooks/use-back-to-list.ts';
import { useListNeighbours } from './hooks/use-list-neighbours.ts';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /app/emails/{id}. Remote content is requested only when the user allowed it for this message
 * (once) or for its sender (always); the sender is known from the list before the detail loads,
 * or from the blocked version of the detail itself.
 */
export function EmailDetailPage() {
  const params = useParams();
  const { t } = useTranslation();
  const id = Number(params.id);
  const queryClient = useQueryClient();
  const { senders: trusted, settled } = useTrustedSenders();
  const { back } = useBackToList();
  const [remoteOnce, setRemoteOnce] = useState<number | null>(null);
  const [seen, setSeen] = useState<{ id: number; sender: string } | null>(null);
  const cachedSender = useMemo(
    () => findCachedEmail(queryClient, id)?.from_address,
    [queryClient, id],
  );
  const sender = seen?.id === id ? seen.sender : cachedSender;
  const allowRemote = remoteOnce === id || isTrustedSender(trusted, sender);
  // Until the trusted senders are known, waiting beats loading the blocked version first.
  const query = useEmail(id, allowRemote, settled);
  const detail = query.data?.id === id ? query.data : undefined;
  if (detail && (seen?.id !== id || seen.sender !== detail.from_address))
    setSeen({ id, sender: detail.from_address });
  useDocumentTitle(detail ? detail.subject || t('email.header.noSubject') : undefined);

  // j and k follow the URL's id, not the loaded mail: a quick 'j k' must not be lost while the
  // next mail is still loading (the view's own shortcuts exist only once it has loaded).
  const neighbours = useListNeighbours(id, (useLocation().state ?? {}) as DetailLinkState);
  useShortcuts({ j: neighbours.next, k: neighbours.previous });
  // While loading or failed, Escape still leads back.
  useShortcuts({ Escape: () => back() }, !detail);

  let content;
  if (!Number.isInteger(id) || id <= 0 || (query.isError && !detail)) {
    const notFound =
      !Number.isInteger(id) ||
      (query.error instanceof ApiRequestError && query.error.status === 404);
    content = (
      <DetailError
        notFound={notFound}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        onBack={back}
      />
    );
  } else if (!detail) content = <DetailSkeleton />;
  else
    content = (
      <EmailDetailView
        key={id}
        detail={detail}
        allowRemote={allowRemote}
        remoteState={
          !allowRemote ? 'blocked' : isTrustedSender(trusted, sender) ? 'always' : 'once'
        }
        onShowRemoteOnce={() => setRemoteOnce(id)}
      />
    );
  return (
    <Box>
      {content}
      <MailSnackbar />
    </Box>
  );
}

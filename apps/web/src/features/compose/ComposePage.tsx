import type { Account } from '@brieftaube/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { type ComposeAction, type ReplyTemplate, useReplyTemplate } from '../../api/compose.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { session } from '../../lib/api.ts';
import { RestorableCompose } from './components/RestorableCompose.tsx';
import { backupKey } from './lib/compose-backup.ts';
import { ComposeLoading, ComposeProblem, NoAccounts } from './components/ComposeStates.tsx';
import { parseRecipient, parseRecipients } from './lib/addresses.ts';
import type { ComposeSetup } from './lib/compose-values.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** 'reply-all' is tolerated from older links. */
function toAction(value: string | undefined): ComposeAction | null {
  const normalized = value?.replace('-', '_');
  return normalized === 'reply' ||
    normalized === 'reply_all' ||
    normalized === 'forward' ||
    normalized === 'draft'
    ? normalized
    : null;
}

function newMessageSetup(accounts: Account[], params: URLSearchParams): ComposeSetup {
  return {
    values: {
      account: accounts[0]?.id ?? '',
      to: parseRecipients(params.get('to') ?? ''),
      cc: parseRecipients(params.get('cc') ?? ''),
      bcc: parseRecipients(params.get('bcc') ?? ''),
      subject: params.get('subject') ?? '',
      attachments: [],
    },
    html: '',
    inReplyTo: null,
    forwardOf: null,
    forwarded: [],
    draftId: null,
    focus: 'to',
    backTo: '/app',
  };
}

function templateSetup(
  template: ReplyTemplate,
  accounts: Account[],
  action: ComposeAction,
  emailId: number,
): ComposeSetup {
  const account = accounts.some((a) => a.id === template.account)
    ? template.account
    : (accounts[0]?.id ?? '');
  // Each entry is one address; splitting at commas would break "Müller, Anna <…>".
  const recipients = (list: string[]) => list.map(parseRecipient);
  if (action === 'draft')
    return {
      values: {
        account,
        to: recipients(template.to),
        cc: recipients(template.cc),
        bcc: recipients(template.bcc),
        subject: template.subject,
        attachments: [],
      },
      html: template.html,
      inReplyTo: template.in_reply_to_email,
      forwardOf: null,
      forwarded: template.attachments,
      draftId: template.draft_id,
      focus: template.to.length ? 'body' : 'to',
      backTo: '/app',
    };
  return {
    values: {
      account,
      to: recipients(template.to),
      cc: recipients(template.cc),
      bcc: [],
      subject: template.subject,
      attachments: [],
    },
    // The server's quote starts with one empty line for the answer; a second one keeps the
    // answer apart from "Am … schrieb …:" once written, as Gmail and Outlook do.
    html: `<p></p>${template.html}`,
    inReplyTo: template.in_reply_to_email,
    forwardOf: template.forward_of,
    forwarded: template.attachments,
    draftId: null,
    focus: action === 'forward' ? 'to' : 'body',
    backTo: `/app/emails/${emailId}`,
  };
}

/** Spec §2: Compose (/app/compose) and ComposeAction (/app/compose/{action}/{id}). */
export function ComposePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.compose'));
  const params = useParams();
  const [search] = useSearchParams();
  const isAction = params.action !== undefined;
  const action = toAction(params.action);
  const emailId = Number(params.id);
  const validAction = !!action && Number.isInteger(emailId) && emailId > 0;
  const accounts = useAccounts();
  const template = useReplyTemplate(emailId, action ?? 'reply', validAction);
  const title = t(`compose.title.${action ?? 'new'}`);

  const setup = useMemo(() => {
    if (!accounts.data) return null;
    if (!isAction) return newMessageSetup(accounts.data, search);
    if (!validAction || !template.data) return null;
    return templateSetup(template.data, accounts.data, action, emailId);
    // The form takes its start values once; later changes of the URL's query do not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accounts.data, template.data, isAction, validAction, action, emailId]);

  if (isAction && !validAction)
    return <ComposeProblem title={title} message={t('compose.prefill.unknownAction')} />;
  if (accounts.isError)
    return (
      <ComposeProblem
        title={title}
        message={`${t('compose.accountsFailed')} ${errorMessage(accounts.error)}`}
        onRetry={() => void accounts.refetch()}
      />
    );
  if (isAction && template.isError) {
    const notFound = template.error instanceof ApiRequestError && template.error.status === 404;
    return (
      <ComposeProblem
        title={title}
        message={
          notFound
            ? t('compose.errors.originalNotFound')
            : `${t('compose.prefill.failed')} ${errorMessage(template.error)}`
        }
        onRetry={notFound ? undefined : () => void template.refetch()}
        offerNewMail
      />
    );
  }
  if (!accounts.data || !setup)
    return (
      <ComposeLoading title={title} text={isAction ? t('compose.prefill.loading') : undefined} />
    );
  if (accounts.data.length === 0) return <NoAccounts title={title} />;
  const screen = `${params.action ?? 'new'}-${params.id ?? ''}`;
  const user = session.get().user?.username;
  return (
    <RestorableCompose
      key={screen}
      setup={setup}
      accounts={accounts.data}
      title={title}
      backupKey={user ? backupKey(user, screen) : null}
    />
  );
}

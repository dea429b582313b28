import { AppError } from '../../lib/app-error.ts';
import {
  escapeHtml,
  formatAddress,
  quoteHeader,
  quoteText,
  replyRecipients,
  replySubject,
  writtenDate,
} from '../../mail/compose/reply-template.ts';
import { sanitizeMailHtml } from '../../mail/mime/sanitize-html.ts';
import type { EmailFullRow } from '../emails/emails.repository.ts';
import type { ComposeServiceDeps } from './compose.service.ts';

export type ComposeTemplateAction = 'reply' | 'reply_all' | 'forward' | 'draft';

/** What Compose opens with: a reply, reply-all or forward prefilled, or a saved draft. */
export function createComposeTemplates(deps: ComposeServiceDeps) {
  const { accounts, emails } = deps;

  /**
   * A draft opened for editing, as it was saved: recipients, subject, body, its files (kept on
   * the server, see keep_attachments) and the mail it answers, so that sending still threads.
   */
  async function draftTemplate(userId: string, row: EmailFullRow) {
    const e = row.email;
    if (row.folderType !== 'drafts') throw AppError.notFound('Draft');
    const answers = e.inReplyTo
      ? await deps.emailsRepo.idByMessageId(userId, e.inReplyTo)
      : undefined;
    return {
      account: e.accountId,
      to: e.toAddresses.map(formatAddress),
      cc: e.ccAddresses.map(formatAddress),
      bcc: e.bccAddresses.map(formatAddress),
      subject: e.subject,
      text: e.bodyText ?? '',
      html: e.bodyHtml
        ? sanitizeMailHtml(e.bodyHtml).html
        : `<p>${escapeHtml(e.bodyText ?? '').replace(/\n/g, '<br>')}</p>`,
      in_reply_to_email: answers ?? null,
      forward_of: null,
      draft_id: e.id,
      attachments: e.attachments
        .filter((a) => !a.inline)
        .map((a) => ({ filename: a.filename, size: a.size })),
    };
  }

  return {
    /**
     * What Compose opens with for reply, reply-all and forward (spec route /app/compose/{action}/{id}).
     * Dates in the quote are written in `timeZone`, the writer's (their browser's).
     */
    async template(
      userId: string,
      emailId: number,
      action: ComposeTemplateAction,
      timeZone: string,
    ) {
      const row = await emails.requireEmail(userId, emailId);
      if (action === 'draft') return draftTemplate(userId, row);
      const e = row.email;
      const account = await accounts.requireAccount(userId, e.accountId);
      const from = { name: e.fromName, address: e.fromAddress };
      const date = e.mailDate;
      const original = e.bodyHtml
        ? sanitizeMailHtml(e.bodyHtml).html
        : `<p>${escapeHtml(e.bodyText ?? '').replace(/\n/g, '<br>')}</p>`;
      let to: string[] = [];
      let cc: string[] = [];
      if (action !== 'forward') {
        const r = replyRecipients(
          { from: [from], replyTo: e.replyTo, to: e.toAddresses, cc: e.ccAddresses },
          [account.emailAddress],
          action === 'reply_all',
        );
        to = r.to.map(formatAddress);
        cc = r.cc.map(formatAddress);
      }
      let text: string;
      let html: string;
      if (action === 'forward') {
        const lines = [
          '-------- Weitergeleitete Nachricht --------',
          `Betreff: ${e.subject}`,
          `Datum: ${writtenDate(date, timeZone)}`,
          `Von: ${formatAddress(from)}`,
          `An: ${e.toAddresses.map(formatAddress).join(', ')}`,
          ...(e.ccAddresses.length ? [`CC: ${e.ccAddresses.map(formatAddress).join(', ')}`] : []),
        ];
        text = `\n\n${lines.join('\n')}\n\n${e.bodyText ?? ''}`;
        html = `<p></p><p>${lines.map(escapeHtml).join('<br>')}</p>${original}`;
      } else {
        const header = quoteHeader(date, from, timeZone);
        text = `\n\n${header}\n${quoteText(e.bodyText ?? '')}`;
        html = `<p></p><p>${escapeHtml(header)}</p><blockquote type="cite">${original}</blockquote>`;
      }
      return {
        account: e.accountId,
        to,
        cc,
        subject: replySubject(e.subject, action === 'forward' ? 'forward' : 'reply'),
        text,
        html,
        bcc: [],
        in_reply_to_email: action === 'forward' ? null : e.id,
        forward_of: action === 'forward' ? e.id : null,
        draft_id: null,
        attachments:
          action === 'forward'
            ? e.attachments
                .filter((a) => !a.inline)
                .map((a) => ({ filename: a.filename, size: a.size }))
            : [],
      };
    },
  };
}

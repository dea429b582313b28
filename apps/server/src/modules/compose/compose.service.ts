import crypto from 'node:crypto';
import { asciiAddress, ErrorCode, FieldErrorCode, type ComposeInput } from '@brieftaube/shared';
import type { AttachmentMeta } from '../../db/schema/index.ts';
import { AppError, type FieldErrors } from '../../lib/app-error.ts';
import { buildOutgoing, type OutgoingAttachment } from '../../mail/compose/build-message.ts';
import { classifyConnectionError } from '../../mail/connection-errors.ts';
import type { MailEventBus } from '../../events/mail-events.ts';
import type { SearchIndexer } from '../../mail/search/search-indexer.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { EmailSyncRepository } from '../emails/email-sync.repository.ts';
import type { EmailsRepository } from '../emails/emails.repository.ts';
import type { EmailsService } from '../emails/emails.service.ts';
import type { FoldersRepository } from '../folders/folders.repository.ts';
import { createComposeTemplates, type ComposeTemplateAction } from './compose-template.ts';
import { createMailFiling, FilingError } from './mail-filing.ts';
import { parseRecipients } from './recipients.ts';
import type { UnfiledSentRepository } from './unfiled-sent.repository.ts';

export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export type { ComposeTemplateAction };

export interface ComposeServiceDeps {
  accounts: AccountsService;
  emails: EmailsService;
  emailsRepo: EmailsRepository;
  folders: FoldersRepository;
  emailSync: EmailSyncRepository;
  /** Sent copies and drafts are searchable at once, and other tabs hear of them. */
  search?: SearchIndexer;
  events?: MailEventBus;
  smtpTimeoutMs?: number;
  /** What could not be filed after sending; without it, such work is given up (tests). */
  unfiled?: UnfiledSentRepository;
}

// Gmail and Microsoft file what their SMTP servers send into Sent themselves; a second copy
// would show every message twice.
const SERVER_FILES_SENT = new Set(['google', 'microsoft']);

export function createComposeService(deps: ComposeServiceDeps) {
  const { accounts, emails } = deps;
  const filing = createMailFiling(deps);
  const { folderOfType, saveDraftFor, fileSent } = filing;
  const templates = createComposeTemplates(deps);

  async function prepare(userId: string, input: ComposeInput, forSending: boolean) {
    // Someone else's account, mail or draft is not found, as on every other route.
    const account = await accounts.requireAccount(userId, input.account);
    const draft = input.draft_id ? await deps.emailsRepo.find(userId, input.draft_id) : undefined;
    if (input.draft_id && (!draft || draft.folderType !== 'drafts'))
      throw AppError.notFound('Draft');
    const errors: FieldErrors = {};
    const to = parseRecipients(input.to, 'to', errors);
    const cc = parseRecipients(input.cc, 'cc', errors);
    const bcc = parseRecipients(input.bcc, 'bcc', errors);
    if (forSending && to.length + cc.length + bcc.length === 0 && !errors.to)
      errors.to = [FieldErrorCode.RECIPIENT_REQUIRED];
    const attachments: OutgoingAttachment[] = (input.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.content_type || 'application/octet-stream',
      content: Buffer.from(a.content_base64, 'base64'),
    }));
    let inReplyTo: string | null = null;
    let references: string[] = [];
    if (input.in_reply_to_email) {
      const original = await emails.requireEmail(userId, input.in_reply_to_email);
      inReplyTo = original.email.messageId;
      references = [
        ...original.email.references,
        ...(original.email.messageId ? [original.email.messageId] : []),
      ].slice(-20);
    }
    const carried: OutgoingAttachment[] = [];
    // The pictures the quoted HTML shows (an Outlook signature's logo): without them a reply
    // or forward would show broken images. Each Content-ID once.
    const shown = new Set<string>();
    const pictures = (metas: AttachmentMeta[]) =>
      metas.filter(
        (a) =>
          a.inline &&
          a.contentId &&
          !shown.has(a.contentId) &&
          input.html?.includes(`cid:${a.contentId}`),
      );
    const carry = async (emailId: number, metas: AttachmentMeta[]) => {
      for (const meta of metas) {
        const file = await emails.attachment(userId, emailId, meta.part);
        const chunks: Buffer[] = [];
        for await (const chunk of file.content as AsyncIterable<Buffer>) chunks.push(chunk);
        const cid = meta.inline && meta.contentId ? meta.contentId : undefined;
        if (cid) shown.add(cid);
        carried.push({
          filename: meta.filename,
          contentType: meta.contentType,
          content: Buffer.concat(chunks),
          ...(cid ? { cid } : {}),
        });
      }
    };
    if (input.forward_of) {
      const original = await emails.requireEmail(userId, input.forward_of);
      const files = original.email.attachments.filter((a) => !a.inline);
      await carry(original.email.id, [...files, ...pictures(original.email.attachments)]);
    }
    if (input.in_reply_to_email) {
      const original = await emails.requireEmail(userId, input.in_reply_to_email);
      await carry(original.email.id, pictures(original.email.attachments));
    }
    if (draft) await carry(draft.email.id, pictures(draft.email.attachments));
    if (draft && input.keep_attachments?.length) {
      const wanted = [...input.keep_attachments];
      const kept = draft.email.attachments.filter((a) => {
        const at = wanted.indexOf(a.filename);
        if (at === -1) return false;
        wanted.splice(at, 1);
        return true;
      });
      await carry(draft.email.id, kept);
    }
    // Carried files first: a kept file is then found by its name before a new one of that name.
    attachments.unshift(...carried);
    if (attachments.reduce((sum, a) => sum + a.content.length, 0) > MAX_ATTACHMENT_BYTES) {
      errors.attachments = [FieldErrorCode.ATTACHMENTS_TOO_LARGE];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
    const domain = account.emailAddress.split('@')[1] ?? 'brieftaube.local';
    const message = {
      from: { name: account.displayName ?? '', address: account.emailAddress },
      to,
      cc,
      bcc,
      subject: input.subject?.trim() ?? '',
      html: input.html,
      text: input.text,
      inReplyTo,
      references,
      attachments,
      messageId: `${crypto.randomUUID()}@${domain}`,
      date: new Date(),
    };
    return { account, message };
  }

  return {
    template: (userId: string, emailId: number, action: ComposeTemplateAction, timeZone: string) =>
      templates.template(userId, emailId, action, timeZone),
    /** Files what a send during an IMAP outage left undone; called after each good fetch. */
    retryUnfiled: (accountId: number) => filing.retryUnfiled(accountId),

    suggestContacts: (userId: string, query: string) =>
      deps.emailsRepo.suggestContacts(userId, query),

    async saveDraft(userId: string, input: ComposeInput): Promise<{ draft_id: number | null }> {
      const { account, message } = await prepare(userId, input, false);
      const raw = await buildOutgoing(message, { keepBcc: true });
      return { draft_id: await saveDraftFor(userId, account, raw, input.draft_id) };
    },

    async send(
      userId: string,
      input: ComposeInput,
    ): Promise<{
      status: 'sent';
      message_id: string;
      sent_copy_id: number | null;
      sent_copy_pending: boolean;
    }> {
      const { account, message } = await prepare(userId, input, true);
      const raw = await buildOutgoing(message);
      try {
        await accounts.sendMail(
          account,
          {
            envelope: {
              // Umlaut domains in ASCII, as the headers have them (nodemailer converts those).
              from: asciiAddress(account.emailAddress),
              to: [...message.to, ...message.cc, ...message.bcc].map((r) =>
                asciiAddress(r.address),
              ),
            },
            raw,
          },
          deps.smtpTimeoutMs,
        );
      } catch (error) {
        // Never lost: what could not be sent is kept as a draft, and the answer says where.
        const code = classifyConnectionError(error);
        const draftMessage = await buildOutgoing(message, { keepBcc: true });
        const draftId = await saveDraftFor(userId, account, draftMessage, input.draft_id).catch(
          () => null,
        );
        throw new AppError(ErrorCode.SEND_FAILED, `SMTP delivery failed (${code})`, {
          smtp: [code as never],
          ...(draftId ? { draft_id: [String(draftId) as never] } : {}),
        });
      }

      // The sender's own copy shows who got a blind copy; what went out does not.
      const copy =
        !SERVER_FILES_SENT.has(account.provider) && (await folderOfType(userId, account.id, 'sent'))
          ? message.bcc.length
            ? await buildOutgoing(message, { keepBcc: true })
            : raw
          : null;
      const work = {
        userId,
        accountId: account.id,
        copy,
        draftId: input.draft_id ?? null,
        answersEmailId: input.in_reply_to_email ?? null,
      };
      let sentCopyId: number | null = null;
      let pending = false;
      try {
        sentCopyId = await fileSent(account, work);
      } catch (error) {
        // The mail is out; what is left is done by the next fetch of the account, so a Sent
        // copy is never lost to an IMAP server that was down for a moment.
        pending = true;
        const filed = error instanceof FilingError && error.copyFiled;
        await deps.unfiled?.add(filed ? { ...work, copy: null } : work);
      }
      return {
        status: 'sent',
        message_id: message.messageId,
        sent_copy_id: sentCopyId,
        sent_copy_pending: pending,
      };
    },
  };
}

export type ComposeService = ReturnType<typeof createComposeService>;

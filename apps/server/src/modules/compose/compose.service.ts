import crypto from 'node:crypto';
import { asciiAddress, ErrorCode, FieldErrorCode, type ComposeInput } from '@brieftaube/shared';
import type { ImapFlow } from 'imapflow';
import type { AttachmentMeta } from '../../db/schema/index.ts';
import { AppError, type FieldErrors } from '../../lib/app-error.ts';
import { buildOutgoing, type OutgoingAttachment } from '../../mail/compose/build-message.ts';
import { classifyConnectionError } from '../../mail/connection-errors.ts';
import { assertSameMailbox } from '../../mail/imap/imap-client.ts';
import { createSmtpTransport } from '../../mail/smtp/smtp-transport.ts';
import type { MailEventBus } from '../../events/mail-events.ts';
import type { SearchIndexer } from '../../mail/search/search-indexer.ts';
import { syncFolderAndNotify } from '../../mail/sync/account-sync.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { EmailSyncRepository } from '../emails/email-sync.repository.ts';
import type { EmailFullRow, EmailsRepository } from '../emails/emails.repository.ts';
import type { EmailsService } from '../emails/emails.service.ts';
import type { FolderRow, FoldersRepository } from '../folders/folders.repository.ts';
import { parseRecipients } from './recipients.ts';
import type { UnfiledSent, UnfiledSentRepository } from './unfiled-sent.repository.ts';
import {
  escapeHtml,
  formatAddress,
  quoteHeader,
  quoteText,
  replyRecipients,
  replySubject,
} from '../../mail/compose/reply-template.ts';
import { sanitizeMailHtml } from '../../mail/mime/sanitize-html.ts';

export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export type ComposeTemplateAction = 'reply' | 'reply_all' | 'forward' | 'draft';

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

  async function folderOfType(
    userId: string,
    accountId: number,
    type: 'sent' | 'drafts',
  ): Promise<FolderRow | undefined> {
    return (await deps.folders.list(userId, { accountIds: [accountId], types: [type] }))[0];
  }

  /** APPENDs to a folder and stores the new message at once, so the caller gets its id. */
  async function appendAndStore(
    client: ImapFlow,
    folder: FolderRow,
    raw: Buffer,
    flags: string[],
  ): Promise<number | null> {
    const appended = await client.append(folder.path, raw, flags);
    await syncFolderAndNotify(deps, client, folder);
    if (!appended || !appended.uid) return null;
    const recent = await deps.emailsRepo.list(
      folder.userId,
      { folderIds: [folder.id] },
      { limit: 20 },
    );
    return recent.find((row) => row.email.uid === appended.uid)?.email.id ?? null;
  }

  /**
   * Runs IMAP work for a message's own account: on the connection at hand when the message belongs
   * to `account`, else on its account's server. (A draft saved from one account and sent from
   * another lives on the first account's server; a UID means nothing on the other.)
   */
  async function onServerOf<T>(
    userId: string,
    messageAccountId: number,
    account: AccountRow,
    client: ImapFlow,
    work: (client: ImapFlow) => Promise<T>,
  ): Promise<T> {
    if (messageAccountId === account.id) return work(client);
    return accounts.withServer(await accounts.requireAccount(userId, messageAccountId), work);
  }

  async function removeDraft(
    userId: string,
    draftId: number | undefined,
    account: AccountRow,
    client: ImapFlow,
  ): Promise<void> {
    if (!draftId) return;
    const draft = await deps.emailsRepo.find(userId, draftId);
    if (!draft || draft.folderType !== 'drafts') return;
    await onServerOf(userId, draft.email.accountId, account, client, async (imap) => {
      const lock = await imap.getMailboxLock(draft.folderPath);
      try {
        assertSameMailbox(imap, draft.folderUidValidity);
        await imap.messageDelete(String(draft.email.uid), { uid: true });
      } finally {
        lock.release();
      }
    });
    await deps.emailsRepo.delete([draft.email.id]);
    await deps.folders.recount([draft.email.folderId]);
  }

  async function saveDraftFor(
    userId: string,
    account: AccountRow,
    raw: Buffer,
    replaces: number | undefined,
  ): Promise<number | null> {
    const drafts = await folderOfType(userId, account.id, 'drafts');
    if (!drafts)
      throw new AppError(
        ErrorCode.CONFLICT,
        'The account has no drafts folder; synchronise its folders first',
      );
    return accounts.withServer(account, async (client) => {
      const id = await appendAndStore(client, drafts, raw, ['\\Draft', '\\Seen']);
      await removeDraft(userId, replaces, account, client);
      return id;
    });
  }

  /**
   * After a mail went out: its copy into Sent, its draft away, the answered mail flagged. Throws
   * a FilingError (saying whether the copy got filed) when the server could not be reached.
   */
  async function fileSent(account: AccountRow, work: Omit<UnfiledSent, 'id'>) {
    let copyFiled = work.copy === null;
    try {
      return await accounts.withServer(account, async (client) => {
        let sentCopyId: number | null = null;
        const sent = await folderOfType(work.userId, account.id, 'sent');
        if (work.copy && sent)
          sentCopyId = await appendAndStore(client, sent, work.copy, ['\\Seen']);
        copyFiled = true;
        await removeDraft(work.userId, work.draftId ?? undefined, account, client);
        if (work.answersEmailId)
          await markAnswered(work.userId, work.answersEmailId, account, client);
        return sentCopyId;
      });
    } catch (error) {
      throw new FilingError(copyFiled, error);
    }
  }

  async function markAnswered(
    userId: string,
    emailId: number,
    account: AccountRow,
    client: ImapFlow,
  ) {
    const original = await deps.emailsRepo.find(userId, emailId);
    if (!original) return;
    await onServerOf(userId, original.email.accountId, account, client, async (imap) => {
      const lock = await imap.getMailboxLock(original.folderPath);
      try {
        assertSameMailbox(imap, original.folderUidValidity);
        await imap.messageFlagsAdd(String(original.email.uid), ['\\Answered'], { uid: true });
      } finally {
        lock.release();
      }
    });
    await deps.emailsRepo.update(original.email.id, {
      isAnswered: true,
      flags: [...new Set([...original.email.flags, '\\Answered'])],
    });
  }

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
    /** What Compose opens with for reply, reply-all and forward (spec route /app/compose/{action}/{id}). */
    async template(userId: string, emailId: number, action: ComposeTemplateAction) {
      const row = await emails.requireEmail(userId, emailId);
      if (action === 'draft') return draftTemplate(userId, row);
      const e = row.email;
      const account = await accounts.requireAccount(userId, e.accountId);
      const from = { name: e.fromName, address: e.fromAddress };
      const date = e.sentAt ?? e.receivedAt;
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
          `Datum: ${new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(date)}`,
          `Von: ${formatAddress(from)}`,
          `An: ${e.toAddresses.map(formatAddress).join(', ')}`,
          ...(e.ccAddresses.length ? [`CC: ${e.ccAddresses.map(formatAddress).join(', ')}`] : []),
        ];
        text = `\n\n${lines.join('\n')}\n\n${e.bodyText ?? ''}`;
        html = `<p></p><p>${lines.map(escapeHtml).join('<br>')}</p>${original}`;
      } else {
        const header = quoteHeader(date, from);
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

    /** Files what a send during an IMAP outage left undone; called after each good fetch. */
    async retryUnfiled(accountId: number): Promise<number> {
      let filed = 0;
      for (const work of (await deps.unfiled?.ofAccount(accountId)) ?? []) {
        const account = await accounts.findAccount(work.userId, accountId);
        if (!account) return filed;
        try {
          await fileSent(account, work);
          await deps.unfiled!.done(work.id, accountId);
          filed += 1;
        } catch (error) {
          if (error instanceof FilingError && error.copyFiled && work.copy)
            await deps.unfiled!.copyFiled(work.id);
          return filed;
        }
      }
      return filed;
    },

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
      const transport = createSmtpTransport(
        { host: account.smtpServer, port: account.smtpPort, security: account.smtpSecurity },
        accounts.credentialsOf(account),
        deps.smtpTimeoutMs ? { timeoutMs: deps.smtpTimeoutMs } : {},
      );
      try {
        await transport.sendMail({
          envelope: {
            // Umlaut domains in ASCII, as the headers have them (nodemailer converts those).
            from: asciiAddress(account.emailAddress),
            to: [...message.to, ...message.cc, ...message.bcc].map((r) => asciiAddress(r.address)),
          },
          raw,
        });
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
      } finally {
        transport.close();
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

/** The server could not be reached after sending; `copyFiled` says how far it got. */
class FilingError extends Error {
  readonly copyFiled: boolean;
  constructor(copyFiled: boolean, cause: unknown) {
    super('filing the sent mail failed', { cause });
    this.name = 'FilingError';
    this.copyFiled = copyFiled;
  }
}

export type ComposeService = ReturnType<typeof createComposeService>;

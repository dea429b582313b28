import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** An image the HTML shows in place ("cid:…"); sent inside multipart/related. */
  cid?: string;
}

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMessage {
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  subject: string;
  html?: string | undefined;
  text?: string | undefined;
  inReplyTo?: string | null | undefined;
  references?: string[] | undefined;
  attachments: OutgoingAttachment[];
  messageId: string;
  date: Date;
}

/** The RFC 5322 bytes of a message; the same bytes go to SMTP, to Sent and to Drafts. */
export async function buildOutgoing(
  message: OutgoingMessage,
  options: { keepBcc?: boolean } = {},
): Promise<Buffer> {
  const composer = new MailComposer({
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    subject: message.subject,
    ...(message.html ? { html: message.html } : {}),
    ...(message.text !== undefined ? { text: message.text } : {}),
    ...(message.inReplyTo ? { inReplyTo: `<${message.inReplyTo}>` } : {}),
    ...(message.references?.length ? { references: message.references.map((r) => `<${r}>`) } : {}),
    messageId: `<${message.messageId}>`,
    date: message.date,
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
      ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
    })),
    headers: { 'X-Mailer': 'Brieftaube' },
  });
  const mail = composer.compile();
  // Bcc recipients must not appear in what others receive, but the sender's own copy keeps them.
  if (options.keepBcc) mail.keepBcc = true;
  return mail.build();
}

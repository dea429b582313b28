import fs from 'node:fs';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { ImapFlow } from 'imapflow';

export interface TestMessage {
  from?: string;
  to?: string;
  cc?: string;
  subject: string;
  text?: string;
  html?: string;
  date?: Date;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
}

/** A real RFC 5322 message, built by nodemailer's composer as a mail client would send it. */
export async function buildMessage(message: TestMessage): Promise<Buffer> {
  const composer = new MailComposer({
    from: message.from ?? 'Julia Wagner <julia.wagner@beispiel.de>',
    to: message.to ?? 'Empfänger <empfaenger@beispiel.de>',
    ...(message.cc ? { cc: message.cc } : {}),
    subject: message.subject,
    ...(message.text ? { text: message.text } : {}),
    ...(message.html ? { html: message.html } : {}),
    date: message.date ?? new Date(),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
    ...(message.references ? { references: message.references } : {}),
    ...(message.attachments ? { attachments: message.attachments } : {}),
  });
  return composer.compile().build();
}

/** Appends messages to a folder (IMAP APPEND), as another client or the provider would. */
export async function appendMessages(
  client: ImapFlow,
  folder: string,
  messages: TestMessage[],
  flags: string[] = [],
): Promise<void> {
  for (const message of messages)
    await client.append(folder, await buildMessage(message), flags, message.date ?? new Date());
}

const SUBJECTS = [
  'Ihre Rechnung für November',
  'Protokoll der Teambesprechung',
  'Einladung zum Sommerfest',
  'Re: Angebot für die Küchenrenovierung',
  'Your order has shipped',
  'Meeting notes from Tuesday',
  'Reiseunterlagen: Zugfahrt nach München',
  'Newsletter: Neuigkeiten aus dem Verein',
];

/** A realistic mixed German/English mailbox of `count` messages, oldest first. */
export function generateMessages(
  count: number,
  start = new Date('2026-01-01T08:00:00Z'),
): TestMessage[] {
  return Array.from({ length: count }, (_, i) => {
    const subject = `${SUBJECTS[i % SUBJECTS.length]} #${i + 1}`;
    const html = i % 3 === 0;
    return {
      from:
        i % 2
          ? `Thomas Müller <thomas.mueller${i % 7}@beispiel.de>`
          : `Sarah Schmidt <s.schmidt${i % 5}@example.com>`,
      subject,
      date: new Date(start.getTime() + i * 60_000),
      messageId: `<msg-${i + 1}@test.brieftaube>`,
      ...(html
        ? {
            html: `<p>Hallo,</p><p>anbei die Informationen zu <b>${subject}</b>.</p><p>Viele Grüße</p>`,
          }
        : { text: `Hallo,\n\nanbei die Informationen zu ${subject}.\n\nViele Grüße\nThomas` }),
      ...(i % 10 === 5
        ? {
            attachments: [
              { filename: `Übersicht-${i}.pdf`, content: Buffer.from('%PDF-1.4 test') },
            ],
          }
        : {}),
    };
  });
}

/** Delivers a message the way a real MTA does: over LMTP to Dovecot (new mail in INBOX). */
export async function deliverViaLmtp(
  lmtpPort: number,
  recipient: string,
  message: TestMessage,
): Promise<void> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: lmtpPort,
    lmtp: true,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({
      envelope: { from: 'absender@beispiel.de', to: [recipient] },
      raw: await buildMessage({ to: recipient, ...message }),
    });
  } finally {
    transport.close();
  }
}

/**
 * Puts messages straight into a Dovecot user's maildir (as a migration or a restore would):
 * thousands of messages in seconds, where APPEND would take minutes. Dovecot indexes them on the
 * next access. `seen` marks a message as read (the maildir 'S' flag).
 */
let seeded = 0;

export function seedMaildir(
  home: string,
  owner: number,
  messages: { raw: Buffer; date: Date; seen?: boolean }[],
): void {
  const maildir = path.join(home, 'Maildir');
  for (const sub of ['', 'cur', 'new', 'tmp']) {
    fs.mkdirSync(path.join(maildir, sub), { recursive: true });
    fs.chownSync(path.join(maildir, sub), owner, owner);
  }
  const stamp = Math.floor(Date.now() / 1000);
  messages.forEach(({ raw, date, seen }) => {
    // Unique across calls too: a maildir file name is the message's identity.
    const file = path.join(
      maildir,
      'cur',
      `${stamp}.M${(seeded += 1)}P${process.pid}.seed,S=${raw.length}:2,${seen ? 'S' : ''}`,
    );
    fs.writeFileSync(file, raw);
    fs.chownSync(file, owner, owner);
    // Maildir keeps the received date in the file's mtime (IMAP INTERNALDATE).
    fs.utimesSync(file, date, date);
  });
}

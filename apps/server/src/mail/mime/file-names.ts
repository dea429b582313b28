import type { AttachmentMeta } from '../../db/schema/emails.ts';
import { emlName } from './attachments.ts';

const QUOTED = /\b(?:file)?name\s*=\s*"([^"\r\n]{1,500})"/gi;
// Unquoted values run to the ";" or the line's end: broken clients leave spaces in them.
const UNQUOTED = /\b(?:file)?name\s*=\s*([^\s;"][^;"\r\n]{0,499})/gi;

const SUBJECT = /^Subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/gim;

const cp1252 = new TextDecoder('windows-1252');
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** A parameter's bytes as a reader means them: UTF-8 where they are, else Windows-1252. */
function decoded(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return cp1252.decode(bytes);
  }
}

/**
 * BODYSTRUCTURE misreads two kinds of file names that mail clients show correctly:
 * raw Latin-1 bytes ("Übersicht.pdf" read as UTF-8 is "�bersicht.pdf") and unquoted names
 * with spaces (Dovecot keeps "Rechnung" of `filename=Rechnung vom Mai.pdf`). Each such name
 * is looked up among the raw name parameters of the source: the one that, misread the same
 * way, gives it; an attached mail's .eml name is looked up among the raw subjects likewise.
 * Returns null when nothing needed or allowed a repair.
 */
export function repairFileNames(
  attachments: AttachmentMeta[] | null | undefined,
  source: Buffer,
): AttachmentMeta[] | null {
  // A name without an extension is rare enough to look at; most mail costs nothing here.
  const suspect = (name: string) => name.includes('\uFFFD') || !name.includes('.');
  if (!attachments?.some((a) => suspect(a.filename))) return null;
  const text = source.toString('latin1');
  // Per misread name, the distinct names it stands for, in the order of the parts.
  const readAgain = new Map<string, string[]>();
  const add = (misread: string, name: string) => {
    const names = readAgain.get(misread) ?? [];
    if (!names.includes(name)) names.push(name);
    readAgain.set(misread, names);
  };
  for (const [, value] of text.matchAll(QUOTED)) {
    if (!/[\x80-\xff]/.test(value!)) continue;
    const bytes = Buffer.from(value!, 'latin1');
    add(bytes.toString('utf8'), decoded(bytes));
  }
  for (const [, raw] of text.matchAll(UNQUOTED)) {
    const value = raw!.trim();
    const bytes = Buffer.from(value, 'latin1');
    // Dovecot reads up to the first space; imapflow reads those bytes as UTF-8.
    const first = Buffer.from(value.split(/\s/, 1)[0]!, 'latin1').toString('utf8');
    if (first !== value || /[\x80-\xff]/.test(value)) add(first, decoded(bytes));
  }
  // An attached mail is named by its subject (attachments.ts), which BODYSTRUCTURE misreads alike.
  for (const [, value] of text.matchAll(SUBJECT)) {
    if (!/[\x80-\xff]/.test(value!)) continue;
    const bytes = Buffer.from(value!.replace(/\r?\n(?=[ \t])/g, '').trim(), 'latin1');
    add(emlName(bytes.toString('utf8')), emlName(decoded(bytes)));
  }
  const misread = attachments.filter((a) => suspect(a.filename) && readAgain.has(a.filename));
  let changed = false;
  const repaired = attachments.map((attachment) => {
    const names = readAgain.get(attachment.filename);
    if (!names || !suspect(attachment.filename)) return attachment;
    // "Rechnung 001.pdf" and "Rechnung 002.pdf" both arrive as "Rechnung": taken in part order
    // when the counts agree, else left as they are rather than guessed.
    const same = misread.filter((a) => a.filename === attachment.filename);
    const name =
      names.length === 1
        ? names[0]
        : names.length === same.length
          ? names[same.indexOf(attachment)]
          : undefined;
    if (!name || name.includes('\uFFFD') || name === attachment.filename) return attachment;
    changed = true;
    return { ...attachment, filename: name };
  });
  return changed ? repaired : null;
}

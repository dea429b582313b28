import type { AttachmentMeta } from '../../db/schema/emails.ts';

const PARAMETER = /\b(?:file)?name\s*=\s*(?:"([^"\r\n]{1,500})"|([^\s;"]{1,500}))/gi;

/**
 * File names that old clients write as raw Latin-1 bytes ("Übersicht.pdf" as 0xDC…) reach us
 * through BODYSTRUCTURE read as UTF-8: "�bersicht.pdf". Each broken name is looked up among the
 * raw name parameters of the source: the one whose bytes, misread the same way, give the broken
 * name is read again as Windows-1252. Returns null when nothing needed or allowed a repair.
 */
export function repairLatin1Names(
  attachments: AttachmentMeta[] | null | undefined,
  source: Buffer,
): AttachmentMeta[] | null {
  if (!attachments?.some((a) => a.filename.includes('\uFFFD'))) return null;
  const cp1252 = new TextDecoder('windows-1252');
  const readAgain = new Map<string, string>();
  for (const match of source.toString('latin1').matchAll(PARAMETER)) {
    const value = match[1] ?? match[2]!;
    if (!/[\x80-\xff]/.test(value)) continue;
    const bytes = Buffer.from(value, 'latin1');
    readAgain.set(bytes.toString('utf8'), cp1252.decode(bytes));
  }
  let changed = false;
  const repaired = attachments.map((attachment) => {
    const name = readAgain.get(attachment.filename);
    if (!name || name.includes('\uFFFD')) return attachment;
    changed = true;
    return { ...attachment, filename: name };
  });
  return changed ? repaired : null;
}

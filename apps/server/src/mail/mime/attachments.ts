import type { MessageStructureObject } from 'imapflow';
import type { AttachmentMeta } from '../../db/schema/emails.ts';
import { c1AsWindows1252 } from './mojibake.ts';

/** Attachments named by BODYSTRUCTURE, with their part numbers for download on demand. */
export function attachmentsFrom(structure: MessageStructureObject | undefined): AttachmentMeta[] {
  const found: AttachmentMeta[] = [];
  // Without an HTML part nothing can show a picture in place (an iPhone photo sent as text
  // with a Content-ID): it is a file like any other, and the mail shows its paperclip.
  const hasHtml = textParts(structure).some((p) => p.type === 'text/html');
  const visit = (node: MessageStructureObject, depth: number) => {
    if (depth > 50) return; // hostile nesting
    const type = (node.type ?? 'application/octet-stream').toLowerCase();
    // An attached mail is one attachment (as .eml), not the parts inside it; the top-level node
    // of a message/rfc822 download is the mail itself.
    const attachedMail = depth > 0 && (type === 'message/rfc822' || type === 'message/global');
    if (node.childNodes?.length && !attachedMail) {
      node.childNodes.forEach((child) => visit(child, depth + 1));
      return;
    }
    // filename="" names nothing: the part is named by its type like any unnamed one.
    const given = [node.dispositionParameters?.filename, node.parameters?.name]
      .map((name) => c1AsWindows1252(name?.trim() ?? ''))
      .find(Boolean);
    const filename = given ?? (attachedMail ? emlName(node.envelope?.subject) : undefined);
    // Signatures belong to the message, not to its attachments; any other non-text part is
    // offered for download, named or not, as Thunderbird does.
    const isSignature = /^application\/(pgp|pkcs7|x-pkcs7)-signature$/.test(type);
    const isBodyText = type === 'text/plain' || type === 'text/html';
    const isAttachment =
      !isSignature && (node.disposition === 'attachment' || !!filename || !isBodyText);
    if (!isAttachment) return;
    // A single-part message has no part number in BODYSTRUCTURE; its body is part 1 (RFC 3501 §6.4.5).
    const part = node.part ?? '1';
    found.push({
      part,
      filename: filename ?? `Anhang-${part}${extensionFor(type)}`,
      contentType: type,
      size: decodedSize(node),
      contentId: node.id ? node.id.replace(/^<|>$/g, '') : null,
      // Only an image with a Content-ID can be shown inside the HTML; a PDF or photo that Apple
      // Mail or an iPhone marks "inline" is still a file the user wants to see listed.
      inline:
        hasHtml &&
        !attachedMail &&
        !!node.id &&
        type.startsWith('image/') &&
        node.disposition !== 'attachment',
    });
  };
  if (structure) visit(structure, 0);
  return found;
}

/**
 * BODYSTRUCTURE counts the encoded octets: base64 is a third larger than the file, plus CRLF
 * after every 76 characters (RFC 2045 §6.8). The file's own size is what a user compares with
 * the one on disk; exact for the usual line length, within a few bytes (padding) otherwise.
 */
function decodedSize(node: MessageStructureObject): number {
  const size = node.size ?? 0;
  if ((node.encoding ?? '').toLowerCase() !== 'base64') return size;
  const fullLines = Math.floor(size / 78);
  return fullLines * 57 + Math.floor(((size - fullLines * 78) * 3) / 4);
}

/** An attached mail's file name, from its subject (as BODYSTRUCTURE's envelope gives it). */
export function emlName(subject: string | undefined): string {
  const clean = c1AsWindows1252(subject ?? '')
    .replace(/[\\/:*?"<>|\r\n\t]+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${clean || 'Weitergeleitete Nachricht'}.eml`;
}

export interface TextPart {
  part: string;
  type: string;
  /** Content-Type parameters (charset, format, delsp) as the server read them. */
  parameters: Record<string, string>;
  encoding: string;
}

/** The parts that hold the readable text, for huge mail whose full source is not fetched. */
export function textParts(structure: MessageStructureObject | undefined): TextPart[] {
  const parts: TextPart[] = [];
  const visit = (node: MessageStructureObject, depth: number) => {
    if (depth > 50) return;
    const type = (node.type ?? '').toLowerCase();
    // An attached mail (a forward, the original in a bounce) is an attachment, not this text.
    if (depth > 0 && (type === 'message/rfc822' || type === 'message/global')) return;
    if (node.childNodes?.length) return node.childNodes.forEach((child) => visit(child, depth + 1));
    if ((type === 'text/plain' || type === 'text/html') && node.disposition !== 'attachment') {
      parts.push({
        part: node.part ?? '1',
        type,
        parameters: node.parameters ?? {},
        encoding: (node.encoding ?? '7bit').toLowerCase(),
      });
    }
  };
  if (structure) visit(structure, 0);
  return parts;
}

/** What a file of this type is called on disk, for the unnamed ones. */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'application/x-zip-compressed': '.zip',
  'application/gzip': '.gz',
  'application/json': '.json',
  'application/xml': '.xml',
  'application/rtf': '.rtf',
  'application/msword': '.doc',
  'application/vnd.ms-excel': '.xls',
  'application/vnd.ms-powerpoint': '.ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx',
  'application/vnd.oasis.opendocument.text': '.odt',
  'application/vnd.oasis.opendocument.spreadsheet': '.ods',
  'application/pgp-keys': '.asc',
  'application/ics': '.ics',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/heic': '.heic',
  'image/tiff': '.tif',
  'image/bmp': '.bmp',
  'image/svg+xml': '.svg',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'audio/wav': '.wav',
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'message/rfc822': '.eml',
  'message/global': '.eml',
  'text/calendar': '.ics',
  'text/html': '.html',
  'text/csv': '.csv',
  'text/xml': '.xml',
  'text/vcard': '.vcf',
  'text/x-vcard': '.vcf',
};

export function extensionFor(type: string): string {
  // Any other text, and a bounce's delivery report or headers (RFC 3464), opens as text.
  const text =
    type.startsWith('text/') || /^message\/(delivery-status|disposition-notification)$/.test(type);
  return Object.hasOwn(EXTENSIONS, type) ? EXTENSIONS[type]! : text ? '.txt' : '.bin';
}

/** The type a file of this name most likely has, for files that come without one (yEnc). */
export function typeForFileName(name: string): string {
  const extension = /\.[a-z0-9]{1,5}$/i.exec(name)?.[0]?.toLowerCase();
  if (extension === '.jpeg') return 'image/jpeg';
  if (extension === '.txt' || extension === '.nfo') return 'text/plain';
  const found = Object.entries(EXTENSIONS).find(([, ext]) => ext === extension);
  return found?.[0] ?? 'application/octet-stream';
}

import type { AttachmentMeta } from '../../db/schema/emails.ts';
import { typeForFileName } from './attachments.ts';

/**
 * yEnc (http://www.yenc.org/yenc-draft.1.3.txt): binary files written straight into a text part
 * between "=ybegin … name=…" and "=yend" lines, as Usenet posts and some old mailers send them.
 * To a reader such a block is no text but a file: it leaves the text and becomes an attachment,
 * numbered "y1", "y2", … in the order of the blocks, decoded from the source when downloaded.
 */
export interface YencFile {
  name: string;
  size: number;
}

/** The attachment part of the n-th yEnc block (1-based). */
export const YENC_PART = /^y([1-9]\d{0,3})$/;

const BEGIN = /^=ybegin\s.*\bname=(.*)$/;
const NUMBER = (line: string, key: string) =>
  Number(new RegExp(`\\b${key}=(\\d{1,12})\\b`).exec(line)?.[1] ?? NaN);

/** The text without its yEnc blocks, and what each block holds. */
export function splitYenc(text: string): { text: string; files: YencFile[] } {
  if (!text.includes('=ybegin')) return { text, files: [] };
  const files: YencFile[] = [];
  const kept: string[] = [];
  let inside: { name: string; size: number } | undefined;
  for (const line of text.split('\n')) {
    const begin = inside ? null : BEGIN.exec(line.trimEnd());
    if (begin) {
      inside = { name: begin[1]!.trim(), size: NUMBER(line, 'size') };
      continue;
    }
    if (!inside) {
      kept.push(line);
      continue;
    }
    // A part of a file split over several mails holds only its range.
    if (line.startsWith('=ypart ')) {
      const range = NUMBER(line, 'end') - NUMBER(line, 'begin') + 1;
      if (Number.isFinite(range) && range > 0) inside.size = range;
    } else if (line.startsWith('=yend')) {
      files.push(finished(inside, NUMBER(line, 'size')));
      inside = undefined;
    }
  }
  // A block cut off (a huge mail's text is read only so far) is still the file it announced.
  if (inside) files.push(finished(inside, NaN));
  return { text: kept.join('\n'), files };
}

const finished = (file: { name: string; size: number }, endSize: number): YencFile => ({
  name: file.name || 'Anhang',
  size: Number.isFinite(endSize) ? endSize : Number.isFinite(file.size) ? file.size : 0,
});

export function yencAttachments(files: YencFile[]): AttachmentMeta[] {
  return files.slice(0, 1000).map((file, i) => ({
    part: `y${i + 1}`,
    filename: file.name,
    contentType: typeForFileName(file.name),
    size: file.size,
    contentId: null,
    inline: false,
  }));
}

/** Lines of a byte stream, without their line ends. */
async function* linesOf(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let rest = Buffer.alloc(0);
  for await (const chunk of source) {
    let data = Buffer.concat([rest, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
    let at: number;
    while ((at = data.indexOf(0x0a)) !== -1) {
      const end = at > 0 && data[at - 1] === 0x0d ? at - 1 : at;
      yield data.subarray(0, end);
      data = data.subarray(at + 1);
    }
    rest = data;
  }
  if (rest.length) yield rest;
}

/** The decoded file of the n-th yEnc block (1-based) of a message's source, chunk by chunk. */
export async function* yencFileOf(
  source: AsyncIterable<Buffer | string>,
  index: number,
): AsyncGenerator<Buffer> {
  let seen = 0;
  let inside = false;
  // Read to the end also after the block: the IMAP session must receive the whole answer.
  for await (const line of linesOf(source)) {
    const control = line[0] === 0x3d && line[1] === 0x79; // "=y"
    if (!inside) {
      if (control && line.subarray(0, 8).toString('latin1') === '=ybegin ')
        inside = ++seen === index;
      continue;
    }
    if (control) {
      if (line.subarray(0, 5).toString('latin1') === '=yend') {
        inside = false;
        seen = Infinity;
      }
      continue; // "=ypart"
    }
    const out = Buffer.allocUnsafe(line.length);
    let n = 0;
    for (let i = 0; i < line.length; i++) {
      let byte = line[i]!;
      // "=" escapes the next byte, shifted by a further 64 (§2.2).
      if (byte === 0x3d && i + 1 < line.length) byte = (line[++i]! - 64) & 0xff;
      out[n++] = (byte - 42) & 0xff;
    }
    yield out.subarray(0, n);
  }
}

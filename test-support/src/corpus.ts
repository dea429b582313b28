import fs from 'node:fs';
import path from 'node:path';

export const CORPORA_DIR = path.resolve(import.meta.dirname, '../../../shared/corpora');

const NOT_MAIL =
  /\.(xml|out|bin|list|gpg|conf|in|db|kbx|tnef|json|pem|key|p12|der|sh|py|js|md|html|asc|sig|cer|crt)$/i;
const NOT_MAIL_NAMES = /^(LICENSE|COPYING|SOURCE|README|\.git)/i;

export interface CorpusMessage {
  /** Relative path, with "#n" for the n-th message of an mbox file. */
  name: string;
  raw: Buffer;
}

function looksLikeMessage(head: string): boolean {
  const firstLine = head.replace(/^\s+/, '').split(/\r?\n/, 1)[0] ?? '';
  return /^[A-Za-z][A-Za-z0-9-]*:/.test(firstLine) || firstLine.startsWith('From ');
}

/** Splits an mbox (RFC 4155) into its messages, undoing ">From " quoting. */
function splitMbox(raw: Buffer): Buffer[] {
  const text = raw.toString('latin1');
  const starts = [...text.matchAll(/^From [^\r\n]*\r?\n/gm)];
  return starts.map((match, i) => {
    const begin = match.index + match[0].length;
    const end = i + 1 < starts.length ? starts[i + 1]!.index : text.length;
    return Buffer.from(text.slice(begin, end).replace(/^>(>*From )/gm, '$1'), 'latin1');
  });
}

/** Every message file of a corpus folder (MIME edge cases), mbox files split into messages. */
export function loadMimeCorpus(dir = path.join(CORPORA_DIR, 'mime')): CorpusMessage[] {
  const messages: CorpusMessage[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'gnupg_home') walk(full);
        continue;
      }
      if (NOT_MAIL.test(entry.name) || NOT_MAIL_NAMES.test(entry.name)) continue;
      const raw = fs.readFileSync(full);
      if (raw.length === 0 || !looksLikeMessage(raw.subarray(0, 2048).toString('latin1'))) continue;
      const name = path.relative(dir, full);
      if (raw.subarray(0, 5).toString('latin1') === 'From ') {
        splitMbox(raw).forEach(
          (message, i) =>
            message.length && messages.push({ name: `${name}#${i + 1}`, raw: message }),
        );
      } else {
        messages.push({ name, raw });
      }
    }
  };
  walk(dir);
  return messages.sort((a, b) => a.name.localeCompare(b.name));
}

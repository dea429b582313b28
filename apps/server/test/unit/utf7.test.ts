import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeMailboxName, encodeMailboxName } from '../../src/mail/imap/utf7.ts';

interface Vector {
  decoded: string | null;
  encoded: string;
  valid: boolean;
  note: string;
}
const vectors = JSON.parse(
  fs.readFileSync(
    path.resolve(
      import.meta.dirname,
      '../../../../../shared/corpora/imap-utf7-folder-names/vectors.json',
    ),
    'utf8',
  ),
) as Vector[];

describe('modified UTF-7 mailbox names (shared corpus)', () => {
  it.each(vectors.filter((v) => v.valid).map((v) => [v.note, v] as const))(
    '%s round-trips',
    (_note, v) => {
      expect(encodeMailboxName(v.decoded!)).toBe(v.encoded);
      expect(decodeMailboxName(v.encoded)).toBe(v.decoded);
    },
  );
  it.each(vectors.filter((v) => !v.valid).map((v) => [v.note, v] as const))(
    '%s is not decoded as UTF-7',
    (note, v) => {
      // "+" has no meaning in modified UTF-7: such a name is plain text and stays as it is.
      if (note.includes('decode literally')) expect(decodeMailboxName(v.encoded)).toBe(v.encoded);
      else expect(decodeMailboxName(v.encoded)).toBeUndefined();
    },
  );
});

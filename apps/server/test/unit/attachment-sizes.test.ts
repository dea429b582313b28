import { describe, expect, it } from 'vitest';
import { exactSizes } from '../../src/mail/mime/attachment-sizes.ts';
import type { AttachmentMeta } from '../../src/db/schema/emails.ts';

const meta = (part: string, size: number): AttachmentMeta => ({
  part,
  filename: `a${part}.bin`,
  contentType: 'application/octet-stream',
  size,
  contentId: null,
  inline: false,
});

const file = Buffer.alloc(1000, 7);
// 64-character lines, which the 76-character estimate of BODYSTRUCTURE misjudges.
const base64 = file.toString('base64').replace(/.{64}/g, '$&\r\n');
const source = Buffer.from(
  [
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: multipart/alternative; boundary="b_alt"',
    '',
    '--b_alt',
    'Content-Type: text/plain',
    '',
    'Hallo',
    '--b_alt--',
    '--b',
    'Content-Type: application/octet-stream',
    'Content-Transfer-Encoding: base64',
    '',
    base64,
    '--b',
    'Content-Type: application/octet-stream',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Gr=C3=BC=C3=9Fe und ein sehr langer Text, der umbrochen=',
    ' wird',
    '--b--',
    '',
  ].join('\r\n'),
);

describe('exact attachment sizes from the source', () => {
  it('counts the decoded bytes of base64 and quoted-printable parts, numbered as IMAP does', () => {
    const sized = exactSizes([meta('2', 980), meta('3', 60)], source);
    expect(sized?.map((a) => a.size)).toEqual([
      1000,
      Buffer.from('Grüße und ein sehr langer Text, der umbrochen wird').length,
    ]);
  });

  it('keeps the estimate where the walk disagrees wildly, and answers null when nothing changed', () => {
    expect(exactSizes([meta('2', 5000)], source)).toBeNull();
    expect(exactSizes([meta('2', 1000)], source)).toBeNull();
    expect(exactSizes([], source)).toBeNull();
  });
});

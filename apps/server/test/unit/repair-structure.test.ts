import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/mail/mime/parse-message.ts';
import { withFoundBoundary, withHeaderEnd } from '../../src/mail/mime/repair-structure.ts';

const corpus = (path: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../../../shared/corpora/mime/${path}`, import.meta.url)),
  );

describe('messages whose structure is broken at the top', () => {
  it('reads a body that follows the header block without a blank line', async () => {
    const body = await parseMessage(corpus('python-email/msg_35.txt'));
    expect(body.text.trimEnd()).toBe("counter to RFC 2822, there's no separating newline here");
    // Folded fields and a leading mbox line are header lines, not the body.
    const folded = Buffer.from(
      'From alt@x.de Mon Jan 1 00:00:00 2024\nFrom: a@b.de\nSubject: lang\n  und gefaltet\n\nText\n',
    );
    expect(withHeaderEnd(folded)).toBe(folded);
    // A fold that lost its indent, with more fields after it, stays in the header block.
    const lostIndent = Buffer.from(
      'From: a@b.de\nSubject: Sehr langer\nBetreff ohne Einrückung\nContent-Type: text/plain\n\nText\n',
    );
    expect(withHeaderEnd(lostIndent)).toBe(lostIndent);
    expect((await parseMessage(folded)).text.trimEnd()).toBe('Text');
  });

  it('reads the parts of a multipart whose body uses another boundary than declared', async () => {
    const body = await parseMessage(corpus('spamscope-mailparser/tests/mails/mail_malformed_3'));
    expect(body.html).toContain('Problemas para visualizar');
    expect(body.text).toContain('Problemas para visualizar');
    expect(body.text).not.toMatch(/\uFFFD|L2h0bWw/);
    const fine = Buffer.from(
      'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nHallo\r\n--b1--\r\n',
    );
    expect(withFoundBoundary(fine)).toBeUndefined();
  });

  it('reads UTF-8 under a GB2312 label as UTF-8, and real GB2312 as GB2312', async () => {
    const body = await parseMessage(corpus('spamscope-mailparser/tests/mails/mail_test_12'));
    expect(body.text).toContain('你好');
    expect(body.text).not.toContain('浣犲ソ');
    const gb = Buffer.concat([
      Buffer.from('Subject: x\r\nContent-Type: text/plain; charset=gb2312\r\n\r\n'),
      Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), // "你好" in GB2312
    ]);
    expect((await parseMessage(gb)).text.trimEnd()).toBe('你好');
  });
});

import { describe, expect, it } from 'vitest';
import { bodyFromParts, parseMessage } from '../../src/mail/mime/parse-message.ts';
import { splitYenc, yencAttachments, yencFileOf } from '../../src/mail/mime/yenc.ts';
import { NOTES, PICTURE, noTextMails, yencEncode } from '../fixtures/no-text-mail.ts';

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** A source delivered in awkward pieces, as a network stream does. */
async function* pieces(source: Buffer, size: number) {
  for (let i = 0; i < source.length; i += size) yield source.subarray(i, i + size);
}

describe('files written into a text as yEnc', () => {
  it('are no text: the mail reads as files only, each with its name and size', async () => {
    const body = await parseMessage(noTextMails.yenc);
    expect(body.text).toBe('');
    expect(body.preview).toBe('');
    expect(body.yencFiles).toEqual([
      { name: 'Ausflug 1.jpg', size: PICTURE.length },
      { name: 'notizen.txt', size: NOTES.length },
    ]);
    expect(
      yencAttachments(body.yencFiles!).map((a) => [a.part, a.filename, a.contentType]),
    ).toEqual([
      ['y1', 'Ausflug 1.jpg', 'image/jpeg'],
      ['y2', 'notizen.txt', 'text/plain'],
    ]);
  });

  it("keep the writer's words around them", () => {
    const text = `Hallo zusammen,\nanbei die Datei.\n=ybegin line=128 size=3 name=a.bin\n${yencEncode(Buffer.from('abc')).toString('latin1')}=yend size=3\nGruß`;
    const split = splitYenc(text.replace(/\r/g, ''));
    expect(split.text).toBe('Hallo zusammen,\nanbei die Datei.\nGruß');
    expect(bodyFromParts(text, undefined).preview).toBe('Hallo zusammen, anbei die Datei. Gruß');
  });

  it('count only their part when a file is split over several mails', () => {
    const { files } = splitYenc(
      '=ybegin part=2 total=5 line=128 size=500000 name=film.mkv\n=ypart begin=100001 end=200000\nxyz\n=yend size=100000 part=2',
    );
    expect(files).toEqual([{ name: 'film.mkv', size: 100000 }]);
  });

  it('download as the very bytes that were encoded, from the source however it arrives', async () => {
    for (const size of [1, 7, 100, 65536]) {
      expect(await collect(yencFileOf(pieces(noTextMails.yenc, size), 1))).toEqual(PICTURE);
      expect(await collect(yencFileOf(pieces(noTextMails.yenc, size), 2))).toEqual(NOTES);
    }
    expect(await collect(yencFileOf(pieces(noTextMails.yenc, 50), 3))).toHaveLength(0);
  });

  it('leave text that only mentions yEnc alone', () => {
    const text = 'Mit =ybegin fängt ein yEnc-Block an, aber hier steht keiner.';
    expect(splitYenc(text)).toEqual({ text, files: [] });
  });
});

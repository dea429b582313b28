import fs from 'node:fs';
import path from 'node:path';

export interface Vector {
  source: string;
  html: string;
}

const XSS = path.resolve(import.meta.dirname, '../../../../shared/corpora/xss');
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(XSS, file), 'utf8')) as T;

/** Every hostile HTML string of ../shared/corpora/xss, in the formats of its four sources. */
export function loadXssVectors(): Vector[] {
  const vectors: Vector[] = [];
  const add = (source: string, html: unknown) => {
    if (typeof html === 'string' && html.trim()) vectors.push({ source, html });
  };
  for (const [i, v] of read<{ payload: string }[]>('dompurify/expect.json').entries())
    add(`dompurify #${i + 1}`, v.payload);
  for (const v of read<{ id: number; data_expanded: string }[]>('html5sec-h5sc/items.json'))
    add(`html5sec #${v.id}`, v.data_expanded);
  for (const [i, v] of read<{ input: string }[]>('horde-text-filter/xss_pairs.json').entries())
    add(`horde #${i + 1}`, v.input);
  for (const [i, v] of read<{ input: string }[]>('roundcube/washtml_pairs.json').entries())
    add(`roundcube pair #${i + 1}`, v.input);
  for (const v of read<{ string: string; line: number; test: string }[]>(
    'roundcube/washtml_test_strings.json',
  ))
    add(`roundcube ${v.test}:${v.line}`, v.string);
  for (const file of fs.readdirSync(path.join(XSS, 'roundcube')))
    if (/\.(txt|html)$/.test(file) && !/^(SOURCE|LICENSE)/.test(file))
      add(`roundcube ${file}`, fs.readFileSync(path.join(XSS, 'roundcube', file), 'utf8'));
  return vectors;
}

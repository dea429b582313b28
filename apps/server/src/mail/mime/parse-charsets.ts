import PostalMime from 'postal-mime';
import { ASCII_NAMES, escaped, isAsciiLabel } from './charset-labels.ts';
import { UTF8_AS_1252 } from './mojibake.ts';
import { decodeUtf7, labelledUtf7 } from './utf7-text.ts';

/**
 * Charset labels rewritten in the header blocks only (the message's own and those after a
 * boundary line): a mail that writes "charset=us-ascii" in its text keeps its words.
 */
function relabel(source: Buffer, from: RegExp, to: string): Buffer {
  const lines = source.toString('latin1').split('\n');
  let inHeader = true;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inHeader) {
      if (line.startsWith('--') && line.trim().length > 2) inHeader = true;
      continue;
    }
    // A global pattern searches on from its last match, in another string too.
    from.lastIndex = 0;
    if (line === '' || line === '\r') inHeader = false;
    else if (from.test(line)) {
      from.lastIndex = 0;
      lines[i] = line.replace(from, `charset=${to}`);
      changed = true;
    }
    from.lastIndex = 0;
  }
  return changed ? Buffer.from(lines.join('\n'), 'latin1') : source;
}

// "us-ascii" over UTF-8 bytes is a common lie, and UTF-8 reads every real ASCII text the same.
const ASCII_LABEL = new RegExp(
  String.raw`charset\s*=\s*["']?(?:${ASCII_NAMES.map(escaped).join('|')})(?![\w.:-])["']?`,
  'gi',
);
const UTF8_LABEL = /charset\s*=\s*["']?utf-?8["']?/gi;
// charset="" says as little as no label at all.
const EMPTY_LABEL = /charset\s*=\s*(""|''|(?=[;\s]|$))/gi;
/**
 * Any UTF-8 sequence as Windows-1252 shows it: a lead byte (U+00C2–U+00F4) followed by as many
 * continuation bytes as it announces. German Latin-1 text rarely has one ("Fuß“"), a UTF-8 text
 * read as Windows-1252 has one at every non-ASCII character.
 */
const CONT = String.raw`[\u0080-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]`;
const MOJIBAKE = new RegExp(
  `[\\u00C2-\\u00DF]${CONT}|[\\u00E0-\\u00EF]${CONT}{2}|[\\u00F0-\\u00F4]${CONT}{3}`,
  'g',
);

/**
 * Text parts without a charset (RFC 2045 says us-ascii, and 8-bit bytes then are mostly
 * Latin-1 from an old client) and a message without any Content-Type get windows-1252. Only
 * header blocks are touched: the message's own, and those after a boundary line.
 */
function labelUnlabelled(source: Buffer): Buffer {
  const lines = source.toString('latin1').split('\n');
  let inHeader = true;
  // A text Content-Type field: its first and its last (folded) line.
  let start = -1;
  let end = -1;
  const finish = () => {
    if (start === -1) return;
    if (!/charset/i.test(lines.slice(start, end + 1).join(''))) {
      const last = lines[end]!;
      const cr = last.endsWith('\r') ? '\r' : '';
      lines[end] = `${cr ? last.slice(0, -1) : last}; charset=windows-1252${cr}`;
    }
    start = end = -1;
  };
  // A part's header block (after a boundary line) without any Content-Type is text/plain.
  let inPart = false;
  let typed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inHeader) {
      if (line.startsWith('--') && line.trim().length > 2) inHeader = inPart = true;
      typed = false;
      continue;
    }
    if (start !== -1 && /^[ \t]/.test(line)) {
      end = i;
      continue;
    }
    finish();
    if (line === '' || line === '\r') {
      if (inPart && !typed) lines[i] = `Content-Type: text/plain; charset=windows-1252\r\n${line}`;
      inHeader = false;
    } else if (/^content-type:/i.test(line)) {
      typed = true;
      if (/^content-type:[ \t]*text\//i.test(line)) start = end = i;
    }
  }
  finish();
  let text = lines.join('\n');
  const headerEnd = text.search(/\r?\n\r?\n/);
  const header = headerEnd === -1 ? text : text.slice(0, headerEnd);
  if (!/^content-type:/im.test(header))
    text = `Content-Type: text/plain; charset=windows-1252\r\n${text}`;
  return Buffer.from(text, 'latin1');
}

/** Names Windows mailers (Outlook Express) wrote for charsets that have a standard name. */
const WINDOWS_NAMES: Record<string, string> = {
  chinesebig5: 'big5',
  'x-x-big5': 'big5',
  big5_hkscs: 'big5',
  'shift-jis': 'shift_jis',
  ks_c_5601: 'euc-kr',
};

const LABEL = /charset\s*=\s*["']?([^"';\s]+)/gi;
/** A pattern for these labels in a header, as relabel() takes it. */
const labelPattern = (labels: Iterable<string>) =>
  new RegExp(`charset\\s*=\\s*["']?(?:${[...labels].map(escaped).join('|')})["']?`, 'gi');

/**
 * Labels of 8-bit charsets other than Latin-1 and Windows-1252 (whose UTF-8 mislabelling is
 * repaired by the mojibake check below). 7-bit ones (ISO-2022-JP, HZ) are ASCII bytes, which
 * read as UTF-8 without complaint and would be garbled by a reread.
 */
function legacyLabels(labels: Set<string>): RegExp | undefined {
  const legacy = [...labels].filter((label) => {
    if (/^(utf-?8|utf-?7|iso-?2022|hz-gb|x-user-defined|replacement)/.test(label)) return false;
    LATIN_LABEL.lastIndex = 0;
    return !LATIN_LABEL.test(`charset=${label}`) && !isAsciiLabel(label);
  });
  return legacy.length ? labelPattern(legacy) : undefined;
}

/** Labels no decoder knows ("unknown-8bit", "x-unknown", "utf8mb4", "UTF-8,"): read as UTF-8. */
function unknownLabels(labels: Set<string>): RegExp | undefined {
  const unknown = [...labels].filter((label) => {
    if (/^utf-?7$/.test(label)) return false; // decoded by us, after the parser
    try {
      new TextDecoder(label);
      return false;
    } catch {
      return true;
    }
  });
  return unknown.length ? labelPattern(unknown) : undefined;
}

const LATIN_LABEL =
  /charset\s*=\s*["']?(iso-?8859-1|iso-?8859-15|latin-?1|latin-?9|l1|windows-1252|cp-?1252|x-cp1252)["']?/gi;

const count = (text: string, pattern: RegExp) =>
  text.match(
    new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
  )?.length ?? 0;

export async function parseCharsets(source: Buffer) {
  // The labels once, lower case: most mail has one or two, and nothing to relabel.
  const labels = new Set(
    [...source.toString('latin1').matchAll(LABEL)].map((m) => m[1]!.toLowerCase()),
  );
  let labelled = source;
  if ([...labels].some(isAsciiLabel)) {
    labelled = relabel(labelled, ASCII_LABEL, 'utf-8');
    for (const label of labels) if (isAsciiLabel(label)) labels.delete(label);
    labels.add('utf-8');
  }
  for (const label of [...labels].filter((l) => l in WINDOWS_NAMES)) {
    labelled = relabel(labelled, labelPattern([label]), WINDOWS_NAMES[label]!);
    labels.delete(label);
    labels.add(WINDOWS_NAMES[label]!);
  }
  const unknown = unknownLabels(labels);
  if (unknown) labelled = relabel(labelled, unknown, 'utf-8');
  const parsed = await PostalMime.parse(labelled, { attachmentEncoding: 'arraybuffer' });
  if (labelledUtf7(source))
    return {
      ...parsed,
      text: parsed.text === undefined ? undefined : decodeUtf7(parsed.text),
      html: parsed.html === undefined ? undefined : decodeUtf7(parsed.html),
    };
  const read = `${parsed.text ?? ''}${parsed.html ?? ''}`;
  const legacy = legacyLabels(labels);
  if (legacy && /[^\p{ASCII}]/u.test(read)) {
    // "gb2312" or "koi8-r" over UTF-8 bytes: those decoders accept them and show nonsense
    // ("浣犲ソ" for "你好"). Text in those charsets is never valid UTF-8 beyond a chance pair.
    const retry = await PostalMime.parse(relabel(labelled, legacy, 'utf-8'), {
      attachmentEncoding: 'arraybuffer',
    });
    const text = `${retry.text ?? ''}${retry.html ?? ''}`;
    if (text !== read && !/\uFFFD/.test(text) && /[^\p{ASCII}]/u.test(text)) return retry;
  }
  if (!/\uFFFD/.test(read)) {
    // "iso-8859-1" over UTF-8 bytes (PHP mailers): "Ã¼" at every umlaut. Read as UTF-8 where
    // that reads clean.
    if (!UTF8_AS_1252.test(read) || count(read, MOJIBAKE) < 2) return parsed;
    const retry = await PostalMime.parse(relabel(labelled, LATIN_LABEL, 'utf-8'), {
      attachmentEncoding: 'arraybuffer',
    });
    return /\uFFFD/.test(`${retry.text ?? ''}${retry.html ?? ''}`) ? parsed : retry;
  }
  // Latin-1 read as UTF-8 breaks at every non-ASCII byte; a stray bad byte in UTF-8 sits among
  // characters that read right. Most characters read right, or every broken line also holds
  // such characters: it is UTF-8, whatever the script (Cyrillic, €, emoji, CJK), and a reread
  // as Windows-1252 would garble all of it for the sake of one character.
  const wrong = count(read, /\uFFFD/g);
  const right = count(read, /[^\p{ASCII}\uFFFD]/gu);
  const broken = read.split('\n').filter((line) => line.includes('\uFFFD'));
  if (right > 2 * wrong || broken.every((line) => /[^\p{ASCII}\uFFFD]/u.test(line))) return parsed;
  // "utf-8" over Latin-1 bytes: read as Windows-1252 where that reads clean; then also the parts
  // without any label, which are UTF-8 as often as not and are given Latin-1 only when needed.
  // A retry that shows real UTF-8 as Windows-1252 ("Ã¼", "â‚¬") as often as the first reading
  // broke characters loses more than it wins: one broken character beats a garbled word.
  const latin = relabel(relabel(labelled, UTF8_LABEL, 'windows-1252'), EMPTY_LABEL, 'windows-1252');
  for (const candidate of [latin, labelUnlabelled(latin)]) {
    const retry = await PostalMime.parse(candidate, { attachmentEncoding: 'arraybuffer' });
    const text = `${retry.text ?? ''}${retry.html ?? ''}`;
    if (!/\uFFFD/.test(text) && !UTF8_AS_1252.test(text) && count(text, MOJIBAKE) < wrong)
      return retry;
  }
  return parsed;
}

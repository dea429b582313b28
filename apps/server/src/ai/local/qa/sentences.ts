/** Sentences of a mail's text, with their offsets: line breaks inside a paragraph are joined. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const joined = paragraph.replace(/\s*\n\s*/g, ' ').trim();
    if (!joined) continue;
    // A full stop after a number or an abbreviation ("z. B.", "Dr.", "12.") ends no sentence.
    for (const part of joined.split(
      /(?<![A-ZÄÖÜ]|\b(?:z|d|u|bzw|ca|usw|Dr|Mr|Mrs|Ms|Hr|Fr|Nr|St|Inc|Corp|vs|etc)|\d)(?<=[.!?])\s+(?=[A-ZÄÖÜ0-9"„])/,
    )) {
      const sentence = part.trim();
      if (sentence) sentences.push(sentence);
    }
  }
  return sentences;
}

/** Sentences of a mail's text, with their offsets: line breaks inside a paragraph are joined. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const joined = paragraph.replace(/\s*\n\s*/g, ' ').trim();
    if (!joined) continue;
    // A full stop after an abbreviation ("z. B.", "Dr.", "Thomas M. Weber") or a day's number
    // ("am 20. Oktober") ends no sentence; a year's does ("… seit 2019. Danach").
    for (const part of joined.split(
      /(?<!(?<![\p{L}\p{N}])(?:\p{Lu}|z|d|u|bzw|ca|usw|Dr|Mr|Mrs|Ms|Hr|Fr|Nr|St|Inc|Corp|vs|etc|\d{1,2})\.)(?<=[.!?])\s+(?=[\p{Lu}0-9"„])/u,
    )) {
      const sentence = part.trim();
      if (sentence) sentences.push(sentence);
    }
  }
  return sentences;
}

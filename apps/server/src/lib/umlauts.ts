/**
 * A word typed without umlauts as German writes it without them: "kuechenrenovierung" →
 * "küchenrenovierung", "Groesse" → "Grösse", "Aerger" → "ärger". Undefined when the word has
 * no such pair. Searches add this reading beside the word as typed (either may match), since
 * "ue" is not always an umlaut ("neue", "Steuer"): a reading that matches nothing costs nothing.
 * After "q" ("Quelle") or a vowel ("Feuer", "Mauer") it never is one.
 */
export function umlautReading(word: string): string | undefined {
  const reading = word.replace(
    /(?<![qQaeiouyäöüAEIOUYÄÖÜ])(ae|oe|ue|Ae|Oe|Ue|AE|OE|UE)/g,
    (pair) => {
      const upper = pair[0] === pair[0]!.toUpperCase();
      const umlaut = { a: 'ä', o: 'ö', u: 'ü' }[pair[0]!.toLowerCase() as 'a' | 'o' | 'u'];
      return upper ? umlaut.toUpperCase() : umlaut;
    },
  );
  return reading === word ? undefined : reading;
}

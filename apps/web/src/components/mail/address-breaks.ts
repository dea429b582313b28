/**
 * An e-mail address in the pieces a line may break between: after the "@" and before each dot,
 * where a reader expects the address to go on (as typesetters break URLs), rather than wherever
 * the line happens to end ("beispie" / "l.de").
 */
export function addressBreaks(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

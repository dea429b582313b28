const plain = new Intl.NumberFormat('de-DE');
const oneDecimal = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/**
 * Spec §2: count badges abbreviate thousands as 'k' and millions as 'M' with one decimal, in
 * German notation (1,2k; 3,4M). A value that rounds up to the next unit moves to it, so 999 950
 * reads 1,0M rather than 1.000,0k.
 */
export function formatBadgeCount(value: number): string {
  const n = Math.max(0, Math.round(value));
  if (n < 1000) return plain.format(n);
  if (Math.round(n / 100) < 10_000) return `${oneDecimal.format(n / 1000)}k`;
  return `${oneDecimal.format(n / 1_000_000)}M`;
}

/** A full number for screen readers and tooltips (12.345). */
export const formatFullCount = (value: number) => plain.format(value);

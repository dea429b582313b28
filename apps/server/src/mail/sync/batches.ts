/** At most this many messages per FETCH round trip, however small they are. */
export const MAX_BATCH_MESSAGES = 100;

/**
 * Consecutive batches of at most `maxBytes` (a larger item goes alone) and `MAX_BATCH_MESSAGES`
 * items: what one FETCH of whole sources may bring into memory at once.
 */
export function batchBySize<T>(items: T[], sizeOf: (item: T) => number, maxBytes: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (current.length > 0 && (bytes + size > maxBytes || current.length >= MAX_BATCH_MESSAGES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * Where the user was in each list (by its filters), for the way back from a message: the list
 * remounts and continues at the same row, with the same row focused.
 */
interface ListPlace {
  offset: number;
  focusedId: number | null;
}

const places = new Map<string, ListPlace>();

export function rememberedPlace(key: string): ListPlace | undefined {
  return places.get(key);
}

export function rememberPlace(key: string, place: ListPlace): void {
  places.set(key, place);
  // A session visits few lists; searches typed letter by letter should not pile up.
  if (places.size > 50) places.delete(places.keys().next().value!);
}

import { useCallback, useState } from 'react';

/**
 * A snackbar's notice with a fresh key for every new one. MUI starts a snackbar's hide timer when
 * it opens, not when its message changes: a second notice within 5 s of the first (a folder
 * deleted right after another) would vanish with the first one's timer. Keying the snackbar by
 * the notice remounts it, so every notice stays its full time (spec §9).
 */
export function useNotice<T>(initial: T | null = null) {
  const [state, setState] = useState<{ value: T | null; key: number }>({ value: initial, key: 0 });
  const setNotice = useCallback(
    (value: T | null) =>
      setState((prev) => ({ value, key: value === null ? prev.key : prev.key + 1 })),
    [],
  );
  return [state.value, setNotice, state.key] as const;
}

import type { EmailListItem } from '@brieftaube/shared';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EmailRef } from '../../../api/emails.ts';

/** "Select all" beyond the loaded pages: every message of the list, as the server named them. */
export interface WholeList {
  items: EmailRef[];
  truncated: boolean;
}

const EMPTY: ReadonlySet<number> = new Set();

/**
 * Checkbox selection by message id, so it survives new mail shifting the rows. Shift-click
 * selects (or clears) the range from the last clicked row, as in every mail client.
 */
export function useEmailSelection(items: readonly EmailListItem[]) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(EMPTY);
  const [whole, setWhole] = useState<WholeList | null>(null);
  const anchor = useRef<number | null>(null);
  const itemsRef = useRef(items);
  useLayoutEffect(() => {
    itemsRef.current = items;
  }, [items]);

  // Messages that left the list (deleted, moved, filtered away) leave the selection too.
  const selected = useMemo(() => {
    if (chosen.size === 0) return EMPTY;
    const present = new Set<number>();
    for (const item of items) if (chosen.has(item.id)) present.add(item.id);
    return present.size === chosen.size ? chosen : present;
  }, [chosen, items]);

  const toggle = useCallback((id: number, index: number, range: boolean) => {
    // Read the anchor now: the state updater below runs later, after it has moved on.
    const previous = anchor.current;
    anchor.current = id;
    // Unticking one row of "all of them" leaves the loaded rows selected, as in Gmail.
    setWhole(null);
    setChosen((current) => {
      const next = new Set(current);
      const list = itemsRef.current;
      const from = previous === null ? -1 : list.findIndex((i) => i.id === previous);
      if (range && from >= 0) {
        // The range takes the state the clicked box is switching to.
        const on = !current.has(id);
        const [a, b] = from < index ? [from, index] : [index, from];
        for (let i = a; i <= b; i++) {
          const rowId = list[i]?.id;
          if (rowId === undefined) continue;
          if (on) next.add(rowId);
          else next.delete(rowId);
        }
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const selectAll = useCallback(() => {
    setWhole(null);
    setChosen(new Set(itemsRef.current.map((item) => item.id)));
  }, []);
  const selectWhole = useCallback((list: WholeList) => {
    setWhole(list);
    setChosen(new Set(itemsRef.current.map((item) => item.id)));
  }, []);
  const clear = useCallback(() => {
    anchor.current = null;
    setWhole(null);
    setChosen(EMPTY);
  }, []);

  return { selected, whole, toggle, selectAll, selectWhole, clear };
}

import { useState } from 'react';

/** Which picker is open for which messages: the toolbar's and the shortcuts' share one set. */
export function useBulkMenus() {
  const [moveAnchor, setMoveAnchor] = useState<HTMLElement | null>(null);
  const [categoryAnchor, setCategoryAnchor] = useState<HTMLElement | null>(null);
  const [confirmIds, setConfirmIds] = useState<number[]>([]);
  return {
    moveAnchor,
    categoryAnchor,
    confirmIds,
    openMove: setMoveAnchor,
    openCategory: setCategoryAnchor,
    askDelete: setConfirmIds,
    close: () => {
      setMoveAnchor(null);
      setCategoryAnchor(null);
      setConfirmIds([]);
    },
  };
}

import type { PopoverOrigin, PopoverPosition } from '@mui/material';
import { useMemo } from 'react';

const TOP_LEFT: PopoverOrigin = { vertical: 'top', horizontal: 'left' };

/**
 * A menu's place, taken from its button once, when it opens. Anchored to the element itself,
 * MUI places an open menu anew on every render: a task card vanishing above the toolbar while
 * folders reload moved the menu under the pointer, and a click meant for one folder hit another.
 * Spread the result into a `Menu` instead of `anchorEl`; `origin` is the point of the button
 * the menu hangs from (MUI's `anchorOrigin`, which a fixed position does not read).
 */
export function useFrozenAnchor(anchorEl: HTMLElement | null | undefined, origin = TOP_LEFT) {
  const { vertical, horizontal } = origin;
  return useMemo(() => {
    const box = anchorEl?.getBoundingClientRect();
    const anchorPosition: PopoverPosition | undefined = box && {
      top:
        vertical === 'bottom'
          ? box.bottom
          : vertical === 'center'
            ? box.top + box.height / 2
            : box.top,
      left:
        horizontal === 'right'
          ? box.right
          : horizontal === 'center'
            ? box.left + box.width / 2
            : box.left,
    };
    return { anchorReference: 'anchorPosition' as const, anchorPosition };
  }, [anchorEl, vertical, horizontal]);
}

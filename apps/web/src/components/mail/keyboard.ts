/**
 * Single-key shortcuts must never fire while the user types, nor steal the browser's own
 * combinations (Ctrl+F, Alt+←), nor act behind an open dialog or menu.
 */
export function isShortcutEvent(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.isComposing) return false;
  const target = event.target as HTMLElement | null;
  if (target) {
    if (target.isContentEditable) return false;
    const tag = target.tagName;
    if (tag === 'TEXTAREA' || tag === 'SELECT') return false;
    if (tag === 'INPUT') {
      const type = (target as HTMLInputElement).type;
      if (type !== 'checkbox' && type !== 'radio' && type !== 'button') return false;
    }
    if (target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return false;
  }
  return !document.querySelector('.MuiModal-root:not(.MuiModal-hidden)');
}

/** A control the browser activates with Enter by itself (links, buttons). */
export function isActivatable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && !!target.closest('a[href], button, [role="button"]');
}

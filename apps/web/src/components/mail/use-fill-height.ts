import { useLayoutEffect, useState, type RefObject } from 'react';

/** Fired on window when the space reserved below the page for task cards changes. */
export const TASK_CARDS_SPACE_EVENT = 'brieftaube:task-cards-space';

/**
 * The height from the element's top to the bottom of the window (less the main area's bottom
 * padding), so a pane can scroll inside itself instead of the page. Follows window resizes and
 * whatever moves the element (a breadcrumb appearing, a banner closing, task cards showing).
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, min = 320): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const main = element.closest('main') ?? element.parentElement;
      const padding = main ? parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - padding)));
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener(TASK_CARDS_SPACE_EVENT, measure);
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    // Its bottom padding grows while task cards show (the pane then ends above them).
    const main = element.closest('main');
    if (main) observer.observe(main, { box: 'border-box' });
    for (
      let sibling = element.previousElementSibling;
      sibling;
      sibling = sibling.previousElementSibling
    )
      observer.observe(sibling);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener(TASK_CARDS_SPACE_EVENT, measure);
      observer.disconnect();
    };
  }, [ref, min]);
  return height;
}

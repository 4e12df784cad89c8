import { useLayoutEffect } from 'react';
import { afterStagedRender } from './staged-render';

/** The id of the build-time copy of a page (dist/order-step-1.html, decision 017). */
export const PAGE_SNAPSHOT_ID = 'page-snapshot';

/**
 * The copy is inert and hides the live page while it is there (a CSS rule of the prerendered HTML); removing it
 * shows the live page in the same frame. Safe to call any number of times and on pages that have none.
 */
export function removePageSnapshot(): void {
  document.getElementById(PAGE_SNAPSHOT_ID)?.remove();
}

/** Whether the page shows a build-time copy now (it is in the page, and drawn: phones only). */
export function isPageSnapshotShown(): boolean {
  const snapshot = document.getElementById(PAGE_SNAPSHOT_ID);
  return snapshot !== null && window.getComputedStyle(snapshot).display !== 'none';
}

/**
 * Hands over from the copy when the component has been committed (before the browser paints), or, during the
 * order pages' staged first render, once its last part has (decision 083): the copy gives way to a whole page.
 */
export function useRemovePageSnapshot(when = true): void {
  useLayoutEffect(() => {
    if (when) afterStagedRender(removePageSnapshot);
  }, [when]);
}

import { useEffect, useSyncExternalStore } from 'react';

/**
 * Page-wide UI signals kept as data attributes on <body>, so one feature can tell another about its state
 * without importing it (features do not import each other). The attribute is `data-<kebab name>="true"`
 * while the flag is on and absent otherwise.
 *
 * - `bottomStrip` → `data-bottom-strip`: the order form's add-document strip is on screen (the support widget
 *   moves up another 48 px).
 * - `documentDropdownOpen` → `data-document-dropdown-open`: a document dropdown of the order form is open
 *   (the support widget hides).
 * - `orderSummaryOpen` → `data-order-summary-open`: the order form's price breakdown is open in the phone's bottom
 *   bar, which then grows over the screen (the support widget hides, it would cover the discount and total).
 */
export const BODY_FLAGS = {
  bottomStrip: 'bottomStrip',
  documentDropdownOpen: 'documentDropdownOpen',
  orderSummaryOpen: 'orderSummaryOpen',
} as const;

export type BodyFlag = (typeof BODY_FLAGS)[keyof typeof BODY_FLAGS];

export function setBodyFlag(flag: BodyFlag, isOn: boolean): void {
  if (isOn) document.body.dataset[flag] = 'true';
  else delete document.body.dataset[flag];
}

export function isBodyFlagOn(flag: BodyFlag): boolean {
  return document.body.dataset[flag] === 'true';
}

/** Sets the flag while the calling component is mounted and `isOn` holds; clears it afterwards. */
export function useBodyFlag(flag: BodyFlag, isOn: boolean): void {
  useEffect(() => {
    if (!isOn) return;
    setBodyFlag(flag, true);
    return () => setBodyFlag(flag, false);
  }, [flag, isOn]);
}

function subscribeToBody(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true });
  return () => observer.disconnect();
}

/** Re-renders when the flag changes, whoever set it (the hook above or a plain attribute). */
export function useBodyFlagValue(flag: BodyFlag): boolean {
  return useSyncExternalStore(
    subscribeToBody,
    () => isBodyFlagOn(flag),
    () => false,
  );
}

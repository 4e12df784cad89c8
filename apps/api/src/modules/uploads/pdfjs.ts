/**
 * pdfjs-dist, loaded on the first PDF to count, without its changes to the process's built-ins (decision 064).
 *
 * The legacy build (the one that runs on Node 20) and its worker bundle carry core-js, which on import replaces
 * built-ins of the whole process with JavaScript versions: `JSON.stringify` and `JSON.parse` (for the JSON.rawJSON
 * proposal: every `JSON.stringify` of the API then ran through a replacer function), `Array.prototype.push` and
 * `Function.prototype.toString`. Under order load that was a few per cent of the API's CPU. pdfjs works with the
 * natives, so they are put back; what core-js only adds (`Promise.withResolvers`, `Uint8Array.prototype.toHex`, …),
 * which pdfjs needs on Node 20, stays.
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

const KEPT: ReadonlyArray<readonly [object, PropertyKey]> = [
  [JSON, 'stringify'],
  [JSON, 'parse'],
  [Array.prototype, 'push'],
  [Function.prototype, 'toString'],
];

/** Runs `load` and puts the built-ins listed in KEPT back as they were before it. */
export async function keepingBuiltIns<T>(load: () => Promise<T>): Promise<T> {
  const saved = KEPT.map(
    ([owner, key]) => [owner, key, Object.getOwnPropertyDescriptor(owner, key)!] as const,
  );
  try {
    return await load();
  } finally {
    for (const [owner, key, descriptor] of saved) Object.defineProperty(owner, key, descriptor);
  }
}

let loading: Promise<PdfJs> | null = null;

/** pdfjs, with its worker's code in this thread (pdfjs's fake worker finds it on `globalThis.pdfjsWorker`). */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= keepingBuiltIns(async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // Loaded now, not by pdfjs at the first document, so its core-js is undone here too (it sets
    // `globalThis.pdfjsWorker`; the package has no types for it, hence the name in a variable).
    const worker: string = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    await import(worker);
    return pdfjs;
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

import { loadPdfJs } from '../src/modules/uploads/pdfjs.ts';

/**
 * The text of every page, joined, as a reader would extract it (tests check numbers and words). pdf.js comes
 * through the app's loader, which puts back the built-ins its core-js replaces (decision 064): test files of one
 * worker share the process, and a plain import here made page-count.test.ts see a patched JSON.
 */
export async function pdfText(data: Buffer): Promise<string> {
  const { getDocument } = await loadPdfJs();
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let index = 1; index <= pdf.numPages; index += 1) {
    const page = await pdf.getPage(index);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

// The instant quote from uploaded files (decision 039): how many translation pages a file is, and the words
// that say what the estimate was based on. No zod here (decision 013): the order form loads it early.

/** A standard translation page: 1 800 characters with spaces. */
export const CHARACTERS_PER_PAGE = 1800;

/**
 * The document type (its `type` code in the catalogue) priced per page: free-form documents whose price
 * depends on their length. Its quantity in an order is a number of pages.
 */
export const PER_PAGE_DOCUMENT_TYPE = 'free_form';

/** What the server counted in one uploaded file (`quote` of the upload answer). */
export type FilePageCount =
  | {
      status: 'counted';
      /** Physical pages: PDF pages, the document's page count, 1 for an image. */
      pages: number;
      /** Characters with spaces of the file's text; null when it has no text layer (a scan, a photo). */
      characters: number | null;
    }
  | { status: 'uncounted' };

/** Pages of a text of `characters` characters with spaces: rounded up, at least one. */
export function pagesFromCharacters(characters: number): number {
  return Math.max(1, Math.ceil(characters / CHARACTERS_PER_PAGE));
}

/**
 * Translation pages of one file: by its characters when it has text (what a translator is paid for), by its
 * physical pages when it is a scan or a photo; null when it could not be counted.
 */
export function translationPages(count: FilePageCount | undefined): number | null {
  if (!count || count.status !== 'counted') return null;
  if (count.characters !== null && count.characters > 0) return pagesFromCharacters(count.characters);
  return count.pages;
}

const NBSP = '\u00A0';
const groupDigits = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

/** «страница», «страницы», «страниц» for a count (Russian plural rules). */
export function pagesWord(count: number): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return 'страниц';
  if (units === 1) return 'страница';
  if (units >= 2 && units <= 4) return 'страницы';
  return 'страниц';
}

function charactersWord(count: number): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return 'знаков';
  if (units === 1) return 'знак';
  if (units >= 2 && units <= 4) return 'знака';
  return 'знаков';
}

/** «3 страницы». */
export function formatPages(count: number): string {
  return `${groupDigits(count)}${NBSP}${pagesWord(count)}`;
}

/** A file's count alone, for lists: «3 страницы», «5 400 знаков ≈ 3 страницы», «не удалось посчитать». */
export function describePages(count: FilePageCount | undefined): string {
  if (!count || count.status !== 'counted') return 'не удалось посчитать';
  if (count.characters !== null && count.characters > 0) {
    return `${groupDigits(count.characters)}${NBSP}${charactersWord(count.characters)} ≈ ${formatPages(pagesFromCharacters(count.characters))}`;
  }
  return formatPages(count.pages);
}

/**
 * What one file's estimate is based on, for people: «3 страницы по файлу passport.pdf»,
 * «5 400 знаков ≈ 3 страницы (letter.docx)», «letter.doc: не удалось посчитать».
 */
export function describeFilePages(fileName: string, count: FilePageCount | undefined): string {
  if (!count || count.status !== 'counted') return `${fileName}: ${describePages(count)}`;
  if (count.characters !== null && count.characters > 0) return `${describePages(count)} (${fileName})`;
  return `${describePages(count)} по файлу ${fileName}`;
}

/** The files' estimate: the pages of every counted file, and whether some file could not be counted. */
export function estimatePages(files: ReadonlyArray<{ quote?: FilePageCount }>): {
  pages: number;
  hasUncounted: boolean;
} {
  let pages = 0;
  let hasUncounted = false;
  for (const file of files) {
    const filePages = translationPages(file.quote);
    if (filePages === null) hasUncounted = true;
    else pages += filePages;
  }
  return { pages, hasUncounted };
}

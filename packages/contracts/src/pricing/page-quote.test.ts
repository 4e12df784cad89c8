import { describe, expect, it } from 'vitest';
import { describeFilePages, estimatePages, formatPages, pagesFromCharacters } from './page-quote.ts';

describe('the instant quote from files', () => {
  it('makes 1 800 characters with spaces one page, rounding up', () => {
    expect([1, 1800, 1801, 5400, 5401].map(pagesFromCharacters)).toEqual([1, 1, 2, 3, 4]);
  });

  it('says pages in Russian', () => {
    expect([1, 2, 5, 11, 21, 22, 112, 1000].map(formatPages)).toEqual([
      '1\u00A0страница',
      '2\u00A0страницы',
      '5\u00A0страниц',
      '11\u00A0страниц',
      '21\u00A0страница',
      '22\u00A0страницы',
      '112\u00A0страниц',
      '1\u00A0000\u00A0страниц',
    ]);
  });

  it('says what each estimate is based on', () => {
    expect(describeFilePages('passport.pdf', { status: 'counted', pages: 3, characters: null })).toBe(
      '3\u00A0страницы по файлу passport.pdf',
    );
    expect(describeFilePages('letter.docx', { status: 'counted', pages: 2, characters: 5400 })).toBe(
      '5\u00A0400\u00A0знаков ≈ 3\u00A0страницы (letter.docx)',
    );
    expect(describeFilePages('old.doc', { status: 'uncounted' })).toBe('old.doc: не удалось посчитать');
  });

  it('adds the translation pages of the counted files and flags the others', () => {
    expect(
      estimatePages([
        { quote: { status: 'counted', pages: 3, characters: null } },
        { quote: { status: 'counted', pages: 1, characters: 5400 } },
        { quote: { status: 'uncounted' } },
        {},
      ]),
    ).toEqual({ pages: 6, hasUncounted: true });
    expect(estimatePages([{ quote: { status: 'counted', pages: 1, characters: null } }])).toEqual({
      pages: 1,
      hasUncounted: false,
    });
  });
});

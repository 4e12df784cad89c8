import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { describeFilePages } from '@app/contracts';
import { docxFile, zipFile } from '#test/office-files.ts';
import { renderPdf } from '../../providers/pdf.ts';
import { countFilePages } from './page-count.ts';

// Real files, made here: PDFs by pdfmake (the one our invoices come from), .docx/.odt as real zips.

const SENTENCE = 'Настоящим подтверждается, что перевод выполнен с оригинала документа. ';

describe('countFilePages', () => {
  it('counts the pages and the text of a PDF', async () => {
    const text = SENTENCE.repeat(40).trim(); // 2 799 characters with spaces
    const pdf = await renderPdf({
      content: [
        { text },
        { text: 'Вторая страница.', pageBreak: 'before' },
        { text: 'Третья страница.', pageBreak: 'before' },
      ],
    });
    const count = await countFilePages('pdf', pdf);
    expect(count).toMatchObject({ status: 'counted', pages: 3 });
    if (count.status !== 'counted') throw new Error('not counted');
    // pdf.js splits lines where pdfmake wrapped them: the same characters give or take a space per line.
    expect(count.characters).toBeGreaterThanOrEqual(text.length + 30);
    expect(count.characters).toBeLessThanOrEqual(text.length + 80);
  });

  it('quotes a scan (a PDF without text) by its pages', async () => {
    const pdf = await renderPdf({
      content: [
        { canvas: [{ type: 'rect', x: 0, y: 0, w: 300, h: 400, color: '#777777' }] },
        { canvas: [{ type: 'rect', x: 0, y: 0, w: 300, h: 400, color: '#777777' }], pageBreak: 'before' },
      ],
    });
    const count = await countFilePages('pdf', pdf);
    expect(count).toEqual({ status: 'counted', pages: 2, characters: null });
    expect(describeFilePages('passport.pdf', count)).toBe('2\u00A0страницы по файлу passport.pdf');
  });

  it('answers uncounted for a broken PDF, a DOC and a count past its time limit', async () => {
    const pdf = await renderPdf({ content: [{ text: SENTENCE }] });
    expect(await countFilePages('pdf', pdf.subarray(0, pdf.length / 2))).toEqual({ status: 'uncounted' });
    expect(
      await countFilePages('pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x20)])),
    ).toEqual({ status: 'uncounted' });
    expect(await countFilePages('doc', Buffer.alloc(600, 1))).toEqual({ status: 'uncounted' });
    expect(await countFilePages('pdf', pdf, { timeoutMs: 0 })).toEqual({ status: 'uncounted' });
  });

  it('counts the characters of a .docx and takes its page count from docProps/app.xml', async () => {
    // 5 400 characters with spaces in three paragraphs (paragraphs are apart by a space).
    const paragraph = 'а'.repeat(1799);
    const count = await countFilePages('docx', docxFile([paragraph, paragraph, paragraph], { pages: 4 }));
    expect(count).toEqual({ status: 'counted', pages: 4, characters: 5399 });
    const withEntities = await countFilePages('docx', docxFile(['A & B <C>', 'D'], { deflate: false }));
    expect(withEntities).toEqual({ status: 'counted', pages: 1, characters: 11 });
    expect(describeFilePages('letter.docx', { status: 'counted', pages: 3, characters: 5400 })).toBe(
      '5\u00A0400\u00A0знаков ≈ 3\u00A0страницы (letter.docx)',
    );
  });

  it('answers uncounted for a .docx whose body is missing or a zip bomb', async () => {
    const noBody = zipFile({ '[Content_Types].xml': '<Types/>', 'word/document.xml.bak': 'x' });
    expect(await countFilePages('docx', noBody)).toEqual({ status: 'uncounted' });
    const bomb = docxFile(['а'.repeat(16 * 1024 * 1024)]); // 32 MB of UTF-8 unpacked, past the limit
    expect(await countFilePages('docx', bomb)).toEqual({ status: 'uncounted' });
  });

  it('counts an .odt by its text and meta page count, and an image as one page', async () => {
    const odt = zipFile(
      {
        mimetype: 'application/vnd.oasis.opendocument.text',
        'content.xml':
          '<office:document-content><office:body><office:text><text:p>Привет,<text:s/>мир</text:p><text:p>Ещё</text:p></office:text></office:body></office:document-content>',
        'meta.xml': '<office:meta><meta:document-statistic meta:page-count="2"/></office:meta>',
      },
      { deflate: true },
    );
    expect(await countFilePages('odt', odt)).toEqual({ status: 'counted', pages: 2, characters: 15 });
    expect(await countFilePages('jpg', Buffer.from([0xff, 0xd8, 0xff]))).toEqual({
      status: 'counted',
      pages: 1,
      characters: null,
    });
  });
});

describe('pdf.js and the built-ins (decision 064)', () => {
  it('counting a PDF leaves JSON, Array.prototype.push and Function.prototype.toString native', async () => {
    const pdf = await renderPdf({ content: [{ text: SENTENCE }] });
    expect(await countFilePages('pdf', pdf)).toMatchObject({ status: 'counted', pages: 1 });
    // Another realm's toString tells a native function from core-js's (which patches this realm's toString to
    // pass its functions off as native).
    const sourceOf = runInNewContext('Function.prototype.toString') as (this: unknown) => string;
    for (const builtIn of [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString]) {
      expect(sourceOf.call(builtIn)).toMatch(/\{ \[native code\] \}$/);
    }
  });
});

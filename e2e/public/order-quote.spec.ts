import { expect, test } from '@playwright/test';
import { chooseInOrderForm } from '../support/ui';

/**
 * The instant quote (decision 039): a 3-page scan uploaded on step 1 is counted by the server, the form says
 * what the estimate is based on and prices it with the per-page document; one click puts it into the order.
 */

/** A real PDF of `pages` empty pages (a scan has no text layer), with a correct cross-reference table. */
function scanPdf(pages: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a scan uploaded on step 1 is quoted by its pages and priced as a per-page document', async ({
  page,
}) => {
  await page.goto('/order?reset=true');
  await expect(page).toHaveURL(/\/order\/step-1$/);
  await chooseInOrderForm(page, 'Язык перевода', 'Английский');
  await page.getByTestId('file-input').setInputFiles({
    name: 'passport.pdf',
    mimeType: 'application/pdf',
    buffer: scanPdf(3),
  });
  await expect(page.getByTestId('uploaded-file')).toContainText('passport.pdf');

  const quote = page.getByRole('region', { name: 'Оценка по файлам' });
  await expect(quote).toContainText('Оценка по файлам: ≈ 3\u00A0страницы');
  await expect(quote).toContainText('3\u00A0страницы по файлу passport.pdf');
  // 900 ₽ a page in the demo catalogue, no tariff for Russian → English.
  await expect(quote).toContainText('Документ свободной формы, за страницу: ≈ 2\u00A0700\u00A0₽');

  await quote.getByRole('button', { name: 'Посчитать как 3\u00A0страницы' }).click();
  await expect(quote).toContainText('Учтено в заказе');
  const card = page.getByRole('region', { name: 'Документ свободной формы, за страницу', exact: true });
  await expect(
    card.getByRole('textbox', { name: 'Количество: Документ свободной формы, за страницу' }),
  ).toHaveValue('3');
});

import { formatDate, formatRub } from '@app/contracts';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Config } from '../../config.ts';
import { rublesInWords } from '../../lib/amount-in-words.ts';
import type { OrderRow } from '../orders/orders.repository.ts';

export type DocumentKind = 'invoice' | 'act';

function buyerLines(order: OrderRow): string[] {
  if (order.payerType === 'ORGANIZATION' && order.organizationName) {
    return [
      order.organizationName,
      `ИНН ${order.organizationInn ?? '—'}${order.organizationKpp ? `, КПП ${order.organizationKpp}` : ''}`,
      order.organizationAddress ?? '',
    ].filter(Boolean);
  }
  return [order.name, order.email, order.phoneNumber];
}

/** Invoice (счёт на оплату) and act (акт выполненных работ) in Russian, lines from the order's price snapshot. */
export function documentDefinition(
  kind: DocumentKind,
  order: OrderRow,
  meta: { number: string; date: Date },
  seller: Config['seller'],
): TDocumentDefinitions {
  const title =
    kind === 'invoice'
      ? `Счёт на оплату № ${meta.number} от ${formatDate(meta.date)}`
      : `Акт № ${meta.number} от ${formatDate(meta.date)}`;
  const priced = order.priceBreakdown.lines.filter((line) => line.kind !== 'discount' && line.total > 0);
  const discount = order.priceBreakdown.discount;
  const rows: Content[][] = priced.map((line, index) => [
    String(index + 1),
    kind === 'act' ? `Перевод: ${line.name}` : line.name,
    String(line.quantity),
    'шт.',
    formatRub(line.unitPrice),
    formatRub(line.total),
  ]);
  const totals: Content[] = [
    ...(discount > 0 ? [{ text: `Скидка: −${formatRub(discount)}`, alignment: 'right' as const }] : []),
    { text: `Итого: ${formatRub(order.amount)}`, bold: true, alignment: 'right' },
    { text: 'Без налога (НДС): не облагается', alignment: 'right' },
    {
      text: `Всего наименований ${priced.length}, на сумму ${formatRub(order.amount)}`,
      margin: [0, 12, 0, 0],
    },
    { text: rublesInWords(order.amount), bold: true },
  ];
  return {
    info: { title, author: seller.name },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    pageMargins: [40, 40, 40, 40],
    content: [
      ...(kind === 'invoice'
        ? [
            {
              table: {
                widths: ['*', 'auto', '*'],
                body: [
                  [`Банк получателя: ${seller.bank}`, 'БИК', seller.bik],
                  [`ИНН ${seller.inn}   КПП ${seller.kpp}`, 'Сч. №', seller.account],
                  [`Получатель: ${seller.name}`, 'Корр. сч.', seller.corrAccount],
                ],
              },
              margin: [0, 0, 0, 16] as [number, number, number, number],
            },
          ]
        : []),
      { text: title, fontSize: 15, bold: true, margin: [0, 0, 0, 12] },
      {
        columns: [
          { width: 110, text: kind === 'invoice' ? 'Поставщик:' : 'Исполнитель:', bold: true },
          { text: `${seller.name}, ИНН ${seller.inn}, КПП ${seller.kpp}, ${seller.address}` },
        ],
        margin: [0, 0, 0, 6],
      },
      {
        columns: [
          { width: 110, text: kind === 'invoice' ? 'Покупатель:' : 'Заказчик:', bold: true },
          { text: buyerLines(order).join(', ') },
        ],
        margin: [0, 0, 0, 6],
      },
      { text: `Основание: заказ № ${order.number} от ${formatDate(order.createdAt)}`, margin: [0, 0, 0, 12] },
      {
        table: {
          headerRows: 1,
          widths: [20, '*', 40, 30, 75, 80],
          body: [
            [
              '№',
              kind === 'invoice' ? 'Товары (работы, услуги)' : 'Наименование работ, услуг',
              'Кол-во',
              'Ед.',
              'Цена',
              'Сумма',
            ].map((text) => ({ text, bold: true })),
            ...rows,
          ],
        },
        margin: [0, 0, 0, 8],
      },
      ...totals,
      ...(kind === 'act'
        ? [
            {
              text: 'Вышеперечисленные услуги выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.',
              margin: [0, 12, 0, 24] as [number, number, number, number],
            },
            {
              columns: [
                { text: `Исполнитель: ____________ / ${seller.name}` },
                { text: 'Заказчик: ____________ /' },
              ],
            },
          ]
        : [
            {
              text: 'Оплата данного счёта означает согласие с условиями оказания услуг.',
              margin: [0, 12, 0, 24] as [number, number, number, number],
            },
            { text: `Руководитель ____________   Бухгалтер ____________` },
          ]),
    ],
  };
}

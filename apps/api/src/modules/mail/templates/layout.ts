import {
  DELIVERY_TYPE_LABELS,
  formatDate,
  formatPriceLine,
  formatRub,
  ORDER_STATUS_LABELS,
  type GuestOrderStatus,
} from '@app/contracts';
import { escapeHtml } from '#src/lib/html.ts';

/**
 * The one layout of every e-mail (decision 036): a brand header, the template's message, for an order's mails its
 * summary with a pay button and the status link, and a footer with the support contacts and the seller's
 * requisites. HTML for mail clients (tables, inline styles, no CSS classes or external images) and the same
 * content as plain text. Every value is escaped here: a template passes plain strings, never HTML.
 */

/** Who writes: the product's support contacts and the seller (the invoices' requisites), from the config. */
export type MailBrand = {
  publicUrl: string;
  support: { telegramUrl: string; whatsappUrl: string };
  seller: { name: string; inn: string; kpp: string; address: string };
};

/** The order a mail is about (mails queued with an orderId): what its summary shows and where its links go. */
export type MailOrder = {
  view: GuestOrderStatus;
  /** The guest status page (read-only; pays an unpaid order). */
  statusUrl: string;
  /** Courier orders: the delivery address (the guest page leaves it out, the mail to the order's address shows it). */
  courierAddress: string | null;
};

/** What every template gets besides its parameters. */
export type MailContext = { brand: MailBrand; order: MailOrder | null };

export type MailBlock =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'button'; href: string; label: string }
  | { kind: 'link'; href: string; label: string }
  | { kind: 'rows'; rows: ReadonlyArray<readonly [string, string]>; total?: readonly [string, string] };

export type MailContent = {
  /** The heading under the brand header. */
  title: string;
  blocks: readonly MailBlock[];
  /** Order mails show the order summary, the pay button and the status link (default: when there is an order). */
  withOrder?: boolean;
};

export const MAIL_PRODUCT_NAME = 'Перевод документов';

const COLORS = {
  brand: '#1864ab', // white on it: 6.0:1
  text: '#212529',
  muted: '#495057', // on white 8.6:1, on the footer's grey 7.7:1
  line: '#dee2e6',
  footer: '#f1f3f5',
  page: '#f8f9fa',
} as const;
const FONT = 'font-family:Arial,Helvetica,sans-serif;';

const html = (value: string) => escapeHtml(value);
const htmlLines = (value: string) => html(value).replace(/\r?\n/g, '<br>');

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'text':
      return `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:24px;color:${COLORS.text}">${htmlLines(block.text)}</p>`;
    case 'code':
      return `<p style="margin:0 0 16px;${FONT}font-size:28px;line-height:36px;letter-spacing:4px;font-weight:bold;color:${COLORS.text}">${html(block.text)}</p>`;
    case 'button':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px"><tr>` +
        `<td style="background:${COLORS.brand};border-radius:6px">` +
        `<a href="${html(block.href)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${html(block.label)}</a>` +
        `</td></tr></table>`
      );
    case 'link':
      return `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:24px"><a href="${html(block.href)}" style="color:${COLORS.brand}">${html(block.label)}</a></p>`;
    case 'rows': {
      const cell = `padding:6px 0;border-bottom:1px solid ${COLORS.line};${FONT}font-size:15px;line-height:22px;color:${COLORS.text}`;
      const rows = block.rows.map(
        ([label, value]) =>
          `<tr><td style="${cell}">${htmlLines(label)}</td><td align="right" style="${cell};padding-left:16px">${htmlLines(value)}</td></tr>`,
      );
      if (block.total) {
        const [label, value] = block.total;
        rows.push(
          `<tr><td style="${cell};font-weight:bold;border-bottom:0">${html(label)}</td><td align="right" style="${cell};font-weight:bold;border-bottom:0;padding-left:16px;white-space:nowrap">${html(value)}</td></tr>`,
        );
      }
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">${rows.join('')}</table>`;
    }
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'text':
    case 'code':
      return block.text;
    case 'button':
    case 'link':
      return `${block.label}: ${block.href}`;
    case 'rows':
      return [
        // A value of several lines (documents, a pickup point's address and hours) stays on its row.
        ...block.rows.map(([label, value]) => `${label.replace(/\n/g, ', ')}: ${value.replace(/\n/g, '; ')}`),
        ...(block.total ? [`${block.total[0]}: ${block.total[1]}`] : []),
      ].join('\n');
  }
}

/** Where the order is handed over: the point or office with its address and hours, the courier's address. */
function deliveryRow(order: MailOrder): string {
  const { delivery } = order.view;
  const label = DELIVERY_TYPE_LABELS[delivery.type];
  const name = delivery.name && delivery.name !== label ? `${label}: ${delivery.name}` : label;
  const place = delivery.place
    ? [
        `${delivery.place.name}, ${delivery.place.address}`,
        ...(delivery.place.schedule ? [`Часы работы: ${delivery.place.schedule}`] : []),
      ]
    : order.courierAddress
      ? [order.courierAddress]
      : [];
  return [name, ...place].join('\n');
}

/** The order summary of an order's mails: number and status, documents, languages, delivery, date, amount. */
export function orderSummaryBlocks(order: MailOrder): MailBlock[] {
  const { view } = order;
  const documents = view.documents
    .map((document) => `${document.name}${document.quantity > 1 ? ` × ${document.quantity}` : ''}`)
    .join('\n');
  const rows: Array<readonly [string, string]> = [
    ['Статус', ORDER_STATUS_LABELS[view.status]],
    ['Документы', documents || '—'],
    ['Языки', `${view.originalLanguage} → ${view.targetLanguage}`],
    ['Получение', deliveryRow(order)],
    ['Стоимость доставки', formatPriceLine(view.delivery.price)],
    ...(view.estimatedReadyDate
      ? [['Ориентировочная готовность', formatDate(view.estimatedReadyDate)] as const]
      : []),
    ['Оплата', view.isPaid ? 'оплачен' : 'не оплачен'],
  ];
  return [
    { kind: 'rows', rows, total: ['Сумма заказа', formatRub(view.amount)] },
    ...(view.canPay
      ? [{ kind: 'button', href: order.statusUrl, label: `Оплатить ${formatRub(view.amount)}` } as const]
      : []),
    { kind: 'link', href: order.statusUrl, label: 'Статус заказа без входа в кабинет' },
  ];
}

function footer(brand: MailBrand): { html: string; text: string } {
  const { seller, support } = brand;
  const requisites = `${seller.name}, ИНН ${seller.inn}, КПП ${seller.kpp}`;
  const style = `${FONT}font-size:13px;line-height:20px;color:${COLORS.muted}`;
  const link = (href: string, label: string) =>
    `<a href="${html(href)}" style="color:${COLORS.brand}">${html(label)}</a>`;
  return {
    html:
      `<p style="margin:0 0 8px;${style}">Вопросы по заказу: ${link(support.telegramUrl, 'Telegram')} · ${link(support.whatsappUrl, 'WhatsApp')} · ${link(brand.publicUrl, 'сайт')}</p>` +
      `<p style="margin:0;${style}">${html(requisites)}<br>${html(seller.address)}</p>`,
    text: [
      '—',
      `Вопросы по заказу: Telegram ${support.telegramUrl}, WhatsApp ${support.whatsappUrl}`,
      requisites,
      seller.address,
    ].join('\n'),
  };
}

/** The whole mail: `{ html, text }` of the template's content in the brand layout. */
export function renderMailLayout(context: MailContext, content: MailContent): { html: string; text: string } {
  const order = content.withOrder === false ? null : context.order;
  const blocks = [...content.blocks, ...(order ? orderSummaryBlocks(order) : [])];
  const end = footer(context.brand);
  const text = [content.title, '', ...blocks.map(blockText).flatMap((part) => [part, '']), end.text].join(
    '\n',
  );
  const body = blocks.map(blockHtml).join('\n');
  const htmlDocument = [
    '<!DOCTYPE html>',
    '<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${html(content.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLORS.page}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${COLORS.line};border-radius:8px">`,
    `<tr><td style="background:${COLORS.brand};padding:16px 24px;border-radius:8px 8px 0 0;${FONT}font-size:20px;font-weight:bold;color:#ffffff">${html(MAIL_PRODUCT_NAME)}</td></tr>`,
    `<tr><td style="padding:24px">`,
    `<h1 style="margin:0 0 16px;${FONT}font-size:22px;line-height:28px;color:${COLORS.text}">${html(content.title)}</h1>`,
    body,
    '</td></tr>',
    `<tr><td style="background:${COLORS.footer};padding:16px 24px;border-radius:0 0 8px 8px">${end.html}</td></tr>`,
    '</table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
  return { html: htmlDocument, text };
}

import type { MarketingCampaignsQuery, MarketingCsvReport } from '@app/contracts';
import { csvRow } from '../../lib/csv.ts';
import type { MarketingService } from './marketing.service.ts';

const money = (value: number) => value.toFixed(2);
const maybe = (value: number | null) => (value === null ? '' : value);
const orNone = (value: string) => value || '(нет)';

/**
 * Each report's table as CSV (UTF-8 with a byte order mark so Excel reads the Russian headers, `;` separated,
 * formula-safe cells by lib/csv.ts): the same rows and columns as the table on the page, totals last.
 */
export async function* exportMarketingCsv(
  marketing: MarketingService,
  report: MarketingCsvReport,
  query: MarketingCampaignsQuery,
): AsyncGenerator<string> {
  const bom = '\uFEFF';
  switch (report) {
    case 'dashboard': {
      const result = await marketing.dashboard(query);
      yield (
        bom +
        csvRow([
          'Канал',
          'Сессии',
          'Посетители',
          'Заказы',
          'Оплачено заказов',
          'Конверсия, %',
          'Выручка, ₽',
          'Маржа, ₽',
          'Расходы, ₽',
          'Новые клиенты',
          'CAC, ₽',
          'ROMI, %',
        ])
      );
      const line = (name: string, row: (typeof result)['totals']) =>
        csvRow([
          name,
          row.sessions,
          row.visitors,
          row.orders,
          row.paidOrders,
          maybe(row.conversion),
          money(row.revenue),
          money(row.margin),
          money(row.spend),
          row.newCustomers,
          maybe(row.cac),
          maybe(row.romi),
        ]);
      for (const row of result.byChannel) yield line(orNone(row.channel), row);
      yield line('Итого', result.totals);
      return;
    }
    case 'campaigns': {
      const result = await marketing.campaigns(query);
      yield (
        bom +
        csvRow([
          'Кампания',
          'utm_campaign',
          'Канал',
          'Сессии',
          'Заказы',
          'Оплачено заказов',
          'Выручка, ₽',
          'Маржа, ₽',
          'Расходы за период, ₽',
          'CPA, ₽',
          'CAC, ₽',
          'ROAS',
          'ROMI по выручке, %',
          'ROMI по марже, %',
        ])
      );
      const line = (name: string, tag: string, channel: string, row: (typeof result)['totals']) =>
        csvRow([
          name,
          tag,
          channel,
          row.sessions,
          row.orders,
          row.paidOrders,
          money(row.revenue),
          money(row.margin),
          money(row.spend),
          maybe(row.cpa),
          maybe(row.cac),
          maybe(row.roas),
          maybe(row.romiRevenue),
          maybe(row.romiMargin),
        ]);
      for (const item of result.items)
        yield line(item.name, item.utmCampaign, item.channel ?? '', item.figures);
      yield line('Итого', '', '', result.totals);
      return;
    }
    case 'events': {
      const result = await marketing.events(query);
      yield bom + csvRow(['Тип', 'Категория', 'Действие', 'Страница', 'События', 'Сессии']);
      for (const row of result.events)
        yield csvRow([
          row.eventType,
          row.eventCategory,
          row.eventAction,
          row.pagePath,
          row.count,
          row.sessions,
        ]);
      return;
    }
    case 'utm-links': {
      const result = await marketing.utmLinks(query);
      yield (
        bom +
        csvRow([
          'Название',
          'Ссылка',
          'utm_source',
          'utm_medium',
          'utm_campaign',
          'utm_content',
          'utm_term',
          'Переходы (сессии)',
          'Заказы',
          'Оплачено заказов',
          'Выручка, ₽',
        ])
      );
      for (const row of result.items)
        yield csvRow([
          row.name,
          row.url,
          row.utmSource,
          row.utmMedium,
          row.utmCampaign,
          row.utmContent ?? '',
          row.utmTerm ?? '',
          row.sessions,
          row.orders,
          row.paidOrders,
          money(row.revenue),
        ]);
      return;
    }
    case 'sources': {
      const result = await marketing.sources(query);
      yield (
        bom +
        csvRow([
          'Источник',
          'Канал (medium)',
          'Сессии',
          'Посетители',
          'Заказы',
          'Оплачено заказов',
          'Конверсия, %',
          'Выручка, ₽',
          'Маржа, ₽',
        ])
      );
      const line = (source: string, medium: string, row: (typeof result)['totals']) =>
        csvRow([
          source,
          medium,
          row.sessions,
          row.visitors,
          row.orders,
          row.paidOrders,
          maybe(row.conversion),
          money(row.revenue),
          money(row.margin),
        ]);
      for (const row of result.rows) yield line(orNone(row.source), orNone(row.medium), row);
      yield line('Итого', '', result.totals);
      return;
    }
  }
}

// The price engine, in one place for the order form (live summary), the API (order creation, courier quotes)
// and the partner API: what an order costs and when it is ready. Zod-free on purpose (decision 013, 028).
export * from './tariff-rules.ts';
export * from './price.ts';
export * from './ready-date.ts';
export * from './delivery.ts';
export * from './page-quote.ts';
export * from './partner-commission.ts';

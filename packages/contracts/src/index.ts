// The public surface of @app/contracts. One file per API module (apps/api/src/modules/<name>), named like it;
// shared pieces first. zod, with its Russian locale, comes from ./zod.ts through the schema modules that use it.
// Plain values and pure rules the browser needs early (constants, messages, format, moscow-time, pricing) import
// no zod (decision 013); see decision 028 for the layout.
export * from './constants.ts';
export * from './enums.ts';
export * from './messages.ts';
export * from './common.ts';
export * from './text.ts';
export * from './inn.ts';
export * from './bank.ts';
export * from './phone.ts';
export * from './spa-routes.ts';
export * from './moscow-time.ts';
export * from './format.ts';
export * from './pricing/index.ts';
export { CataloguePriceSchema } from './fields.ts';
// API modules
export * from './analytics.ts';
export * from './auth.ts';
export * from './commissions.ts';
export * from './crm-access.ts';
export * from './customers.ts';
export * from './documents.ts';
export * from './form-settings.ts';
export * from './fraud.ts';
export * from './holidays.ts';
export * from './mail.ts';
export * from './monitoring.ts';
export * from './notifications.ts';
export * from './offices.ts';
export * from './orders.ts';
export * from './orders-staff.ts';
export * from './order-results.ts';
export * from './partner-portal.ts';
export * from './partners.ts';
export * from './payment-details.ts';
export * from './payments.ts';
export * from './points.ts';
export * from './profile.ts';
export * from './push.ts';
export * from './referrals.ts';
export * from './stats.ts';
export * from './suggestions.ts';
export * from './system.ts';
export * from './tariffs.ts';
export * from './uploads.ts';
export * from './users.ts';

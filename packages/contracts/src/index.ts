import { z } from 'zod';
// The Russian locale alone: `z.locales` would pull every language into the browser bundle.
import ru from 'zod/v4/locales/ru.js';

// Default zod messages (missing field, wrong type, ...) in Russian, on the server and in the browser alike.
z.config(ru());

export * from './constants.ts';
export * from './enums.ts';
export * from './messages.ts';
export * from './common.ts';
export * from './inn.ts';
export * from './profile.ts';
export * from './auth.ts';
export * from './partner-portal.ts';
export * from './form-params.ts';
export * from './mail.ts';
export * from './system.ts';
export * from './analytics.ts';
export * from './order.ts';
export * from './tariffs.ts';
export * from './order-staff.ts';
export * from './admin-users.ts';
export * from './back-office.ts';
export * from './point-photos.ts';
export * from './payments-documents.ts';
export * from './monitoring.ts';
export * from './order-lookup.ts';

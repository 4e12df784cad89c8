export * from './users.ts';
export * from './catalog.ts';
export * from './system.ts';
export * from './analytics.ts';
export * from './orders.ts';
export * from './notifications.ts';
export * from './documents.ts';
export * from './push.ts';

import type { FormParamsResponse } from '@app/contracts';
import type * as schema from '../../db/schema/index.ts';

/**
 * The order form's parameters from the rows of its tables (decision 026: row → response in a mapper). The
 * service caches the result and serializes it once (decisions 004, 031); this runs only on a cache load.
 */
export function toFormParams(rows: {
  documentRows: Array<typeof schema.documentTypes.$inferSelect>;
  assuranceRows: Array<typeof schema.assurances.$inferSelect>;
  deliveryRows: Array<typeof schema.deliveries.$inferSelect>;
  languageRows: Array<typeof schema.languages.$inferSelect>;
  officeRows: Array<typeof schema.offices.$inferSelect>;
  /** Holidays from today on, in date order. */
  holidayRows: Array<typeof schema.holidays.$inferSelect>;
  tariffRows: Array<typeof schema.tariffs.$inferSelect>;
}): FormParamsResponse {
  const { documentRows, assuranceRows, deliveryRows, languageRows, officeRows, holidayRows, tariffRows } =
    rows;
  return {
    documents: documentRows.map((row) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      price: row.price,
      processingDays: row.processingDays,
    })),
    assurances: assuranceRows.map((row) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      price: row.price,
      extraDays: row.extraDays,
    })),
    deliveries: deliveryRows.map((row) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      price: row.price,
      description: row.description,
    })),
    languages: languageRows.map((row) => ({ code: row.code, name: row.name })),
    offices: officeRows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      phone: row.phone,
      schedule: row.schedule,
      lat: row.lat,
      lon: row.lon,
    })),
    calendar: {
      nonWorkingDays: holidayRows.filter((row) => !row.isWorkingDay).map((row) => row.date),
      workingWeekendDays: holidayRows.filter((row) => row.isWorkingDay).map((row) => row.date),
    },
    tariffs: tariffRows.map((row) => ({
      id: row.id,
      name: row.name,
      originalLanguage: row.originalLanguage,
      targetLanguage: row.targetLanguage,
      documentTypeId: row.documentTypeId,
      pricePercent: row.pricePercent,
      surcharge: row.surcharge,
      extraDays: row.extraDays,
      sortOrder: row.sortOrder,
    })),
  };
}

import type { AdminOffice } from '@app/contracts';
import type { OfficeRow } from './offices.repository.ts';

export function toOffice(row: OfficeRow): AdminOffice {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    schedule: row.schedule,
    lat: row.lat,
    lon: row.lon,
    isActive: row.isActive,
  };
}

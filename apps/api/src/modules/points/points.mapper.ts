import type { Point } from '@app/contracts';
import { POINT_PHOTO_URL_PREFIX } from '@app/contracts';
import type { PointRow } from './points.repository.ts';

export function toPoint(row: PointRow): Point {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    schedule: row.schedule,
    address: row.address,
    lat: row.lat,
    lon: row.lon,
    partnerId: row.partnerId,
    description: row.description,
    email: row.email,
    phone: row.phone,
    // Stored as file names; answered as the public URLs that serve them.
    photos: row.photos.map((name) => `${POINT_PHOTO_URL_PREFIX}${name}`),
    isActive: row.isActive,
    type: row.type,
    metro: row.metro,
    metroColor: row.metroColor,
  };
}

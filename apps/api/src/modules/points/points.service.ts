import { and, asc, eq } from 'drizzle-orm';
import type { Point } from '@app/contracts';
import { MESSAGES, POINT_PHOTO_URL_PREFIX } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { points } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

export type PointsService = ReturnType<typeof createPointsService>;
type PointRow = typeof points.$inferSelect;

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

export function createPointsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async listActive(): Promise<Point[]> {
      const rows = await db.select().from(points).where(eq(points.isActive, true)).orderBy(asc(points.name));
      return rows.map(toPoint);
    },
    /** Public view of one point: inactive points are not found. */
    async getActive(id: string): Promise<Point> {
      const [row] = await db
        .select()
        .from(points)
        .where(and(eq(points.id, id), eq(points.isActive, true)));
      if (!row) throw notFound(MESSAGES.unknownPoint);
      return toPoint(row);
    },
  };
}

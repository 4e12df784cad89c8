import { and, asc, eq } from 'drizzle-orm';
import type { Point } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { points } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { toPoint } from './points.mapper.ts';

export type PointsService = ReturnType<typeof createPointsService>;

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

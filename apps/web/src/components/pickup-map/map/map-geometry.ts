import { MAP_CONSTANTS } from './map-constants';

/** [lat, lon] everywhere in this feature; the Yandex adapter swaps to [lon, lat] at its edge. */
export type LatLon = readonly [number, number];

export type Bounds = { south: number; west: number; north: number; east: number };

export type GeoItem = { id: string; lat: number; lon: number };

/** One marker on the map: a single item, or a cluster of several. */
export type MapGroup<T extends GeoItem> = { key: string; center: LatLon; items: T[] };

const TILE_SIZE = 256;
const MAX_LAT = 85.05112878;

/** Web Mercator world pixels at a zoom (the projection both providers draw in). */
export function projectToPixels([lat, lon]: LatLon, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const clampedLat = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const sin = Math.sin((clampedLat * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** Spec 5: bounds need at least two coordinates. */
export function computeBounds(coordinates: readonly LatLon[]): Bounds {
  if (coordinates.length < 2) {
    throw new Error('Для расчёта границ карты нужно не меньше двух координат');
  }
  const lats = coordinates.map(([lat]) => lat);
  const lons = coordinates.map(([, lon]) => lon);
  return {
    south: Math.min(...lats),
    west: Math.min(...lons),
    north: Math.max(...lats),
    east: Math.max(...lons),
  };
}

function centerOf(items: readonly GeoItem[]): LatLon {
  const lat = items.reduce((sum, item) => sum + item.lat, 0) / items.length;
  const lon = items.reduce((sum, item) => sum + item.lon, 0) / items.length;
  return [lat, lon];
}

function toGroup<T extends GeoItem>(items: T[]): MapGroup<T> {
  const [first] = items;
  const key =
    items.length === 1 && first
      ? `point:${first.id}`
      : `cluster:${items
          .map((item) => item.id)
          .sort()
          .join(',')}`;
  return { key, center: centerOf(items), items };
}

export type ClusterOptions = { gridSize: number; radius: number; maxClusterZoom: number };

const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = {
  gridSize: MAP_CONSTANTS.CLUSTER_GRID_SIZE_PX,
  radius: MAP_CONSTANTS.CLUSTER_RADIUS_PX,
  maxClusterZoom: MAP_CONSTANTS.MAX_CLUSTER_ZOOM,
};

/**
 * Grid clustering: items falling into one grid cell (gridSize screen px at this zoom) form a group; groups whose
 * pixel centres are closer than `radius` merge (so two points either side of a cell edge still cluster). Above
 * `maxClusterZoom` every item stands alone. Items without finite coordinates are skipped.
 */
export function clusterPoints<T extends GeoItem>(
  items: readonly T[],
  zoom: number,
  options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS,
): MapGroup<T>[] {
  const placed = items.filter((item) => Number.isFinite(item.lat) && Number.isFinite(item.lon));
  if (zoom > options.maxClusterZoom) return placed.map((item) => toGroup([item]));

  const cells = new Map<string, T[]>();
  for (const item of placed) {
    const { x, y } = projectToPixels([item.lat, item.lon], zoom);
    const key = `${Math.floor(x / options.gridSize)}:${Math.floor(y / options.gridSize)}`;
    const cell = cells.get(key);
    if (cell) cell.push(item);
    else cells.set(key, [item]);
  }

  const pending = [...cells.values()]
    .map((cellItems) => {
      const [lat, lon] = centerOf(cellItems);
      return { items: cellItems, pixel: projectToPixels([lat, lon], zoom) };
    })
    .sort((a, b) => b.items.length - a.items.length);

  const groups: MapGroup<T>[] = [];
  const merged = new Set<number>();
  pending.forEach((cell, index) => {
    if (merged.has(index)) return;
    const members = [...cell.items];
    for (let other = index + 1; other < pending.length; other += 1) {
      const candidate = pending[other];
      if (!candidate || merged.has(other)) continue;
      const distance = Math.hypot(candidate.pixel.x - cell.pixel.x, candidate.pixel.y - cell.pixel.y);
      if (distance < options.radius) {
        members.push(...candidate.items);
        merged.add(other);
      }
    }
    groups.push(toGroup(members));
  });
  return groups;
}

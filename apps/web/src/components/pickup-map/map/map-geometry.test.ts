import { describe, expect, it } from 'vitest';
import { MAP_CONSTANTS } from './map-constants';
import { clusterPoints, computeBounds, projectToPixels, type GeoItem } from './map-geometry';

const item = (id: string, lat: number, lon: number): GeoItem => ({ id, lat, lon });

/** Moves a coordinate east by `px` screen pixels at `zoom`. */
function lonShiftForPixels(px: number, zoom: number): number {
  return (px / (256 * 2 ** zoom)) * 360;
}

describe('computeBounds', () => {
  it('spans the extreme coordinates', () => {
    expect(
      computeBounds([
        [55.7, 37.6],
        [55.9, 37.4],
        [55.8, 37.9],
      ]),
    ).toEqual({ south: 55.7, west: 37.4, north: 55.9, east: 37.9 });
  });
});

describe('projectToPixels', () => {
  it('puts 0,0 in the middle of the world and doubles per zoom level', () => {
    expect(projectToPixels([0, 0], 0)).toEqual({ x: 128, y: 128 });
    const atTen = projectToPixels(MAP_CONSTANTS.DEFAULT_CENTER, 10);
    const atEleven = projectToPixels(MAP_CONSTANTS.DEFAULT_CENTER, 11);
    expect(atEleven.x).toBeCloseTo(atTen.x * 2, 6);
    expect(atEleven.y).toBeCloseTo(atTen.y * 2, 6);
  });
});

describe('clusterPoints', () => {
  const [lat, lon] = MAP_CONSTANTS.DEFAULT_CENTER;

  it('groups points of one 64 px grid cell into one cluster at its mean position', () => {
    const points = [item('a', lat, lon), item('b', lat + 0.001, lon + 0.001), item('c', lat - 0.001, lon)];
    const groups = clusterPoints(points, 10);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.items.map((p) => p.id).sort()).toEqual(['a', 'b', 'c']);
    expect(groups[0]?.center[0]).toBeCloseTo(lat, 6);
    expect(groups[0]?.key).toBe('cluster:a,b,c');
  });

  it('keeps points far apart (more than the cluster radius) as single markers', () => {
    const far = lonShiftForPixels(200, 10);
    const groups = clusterPoints([item('a', lat, lon), item('b', lat, lon + far)], 10);
    expect(groups.map((group) => group.key).sort()).toEqual(['point:a', 'point:b']);
    expect(groups.every((group) => group.items.length === 1)).toBe(true);
  });

  it('merges neighbouring cells whose centres are within the 60 px radius', () => {
    const zoom = 12;
    const { x } = projectToPixels([lat, lon], zoom);
    // Two points 20 px apart, either side of a grid line.
    const edgeX = Math.ceil(x / 64) * 64;
    const toLon = (px: number) => (px / (256 * 2 ** zoom)) * 360 - 180;
    const groups = clusterPoints(
      [item('a', lat, toLon(edgeX - 10)), item('b', lat, toLon(edgeX + 10))],
      zoom,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]?.items).toHaveLength(2);
  });

  it('does not merge cells 61 px apart or more', () => {
    const zoom = 12;
    const { x } = projectToPixels([lat, lon], zoom);
    const edgeX = Math.ceil(x / 64) * 64;
    const toLon = (px: number) => (px / (256 * 2 ** zoom)) * 360 - 180;
    const groups = clusterPoints(
      [item('a', lat, toLon(edgeX - 31)), item('b', lat, toLon(edgeX + 31))],
      zoom,
    );
    expect(groups).toHaveLength(2);
  });

  it('splits a cluster as the zoom grows', () => {
    const points = [item('a', lat, lon), item('b', lat, lon + 0.01)];
    expect(clusterPoints(points, 10)).toHaveLength(1);
    expect(clusterPoints(points, 15)).toHaveLength(2);
  });

  it('never clusters above the max cluster zoom (15), even for identical coordinates', () => {
    const points = [item('a', lat, lon), item('b', lat, lon)];
    expect(clusterPoints(points, MAP_CONSTANTS.MAX_CLUSTER_ZOOM)).toHaveLength(1);
    expect(clusterPoints(points, MAP_CONSTANTS.MAX_CLUSTER_ZOOM + 1)).toHaveLength(2);
  });

  it('skips points without finite coordinates and handles an empty list', () => {
    expect(clusterPoints([], 10)).toEqual([]);
    expect(clusterPoints([item('a', Number.NaN, lon), item('b', lat, lon)], 10).map((g) => g.key)).toEqual([
      'point:b',
    ]);
  });
});

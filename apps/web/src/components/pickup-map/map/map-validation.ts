import type { LatLon } from './map-geometry';

/** Map loader validation (spec 5). Each rule throws an Error with a Russian message; callers log or show it. */

export type MapLocation = { center: LatLon; zoom: number };

export const CONTROL_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type ControlPosition = (typeof CONTROL_POSITIONS)[number];

export type MapInitOptions = {
  location: MapLocation;
  minZoom?: number;
  maxZoom?: number;
  lang?: string;
  apiKey?: string;
};

const INIT_OPTION_KEYS: ReadonlySet<string> = new Set(['location', 'minZoom', 'maxZoom', 'lang', 'apiKey']);

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function requireApiKey(apiKey: string | null | undefined): string {
  const key = apiKey?.trim();
  if (!key) throw new Error('Не указан API-ключ Яндекс Карт');
  return key;
}

export function requireCoordinates(coordinates: unknown): LatLon {
  if (
    !Array.isArray(coordinates) ||
    coordinates.length !== 2 ||
    !isFiniteNumber(coordinates[0]) ||
    !isFiniteNumber(coordinates[1]) ||
    Math.abs(coordinates[0]) > 90 ||
    Math.abs(coordinates[1]) > 180
  ) {
    throw new Error('Не указаны координаты метки');
  }
  return [coordinates[0], coordinates[1]];
}

export function requireLocation(location: unknown): MapLocation {
  if (!location || typeof location !== 'object') throw new Error('Не указано местоположение карты');
  const { center, zoom } = location as Partial<MapLocation>;
  if (!isFiniteNumber(zoom)) throw new Error('Не указано местоположение карты: нет масштаба');
  try {
    return { center: requireCoordinates(center), zoom };
  } catch {
    throw new Error('Не указано местоположение карты: нет координат центра');
  }
}

export function requireControlPosition(position: unknown): ControlPosition {
  if (typeof position !== 'string' || !(CONTROL_POSITIONS as readonly string[]).includes(position)) {
    throw new Error('Не указано положение элементов управления карты');
  }
  return position as ControlPosition;
}

/** Rejects keys the loader does not know (a typo would otherwise be silently ignored); requires a location. */
export function validateInitOptions(options: Record<string, unknown>): MapInitOptions {
  const unknownKeys = Object.keys(options).filter((key) => !INIT_OPTION_KEYS.has(key));
  if (unknownKeys.length > 0) {
    throw new Error(`Неизвестные параметры инициализации карты: ${unknownKeys.join(', ')}`);
  }
  const { minZoom, maxZoom, lang, apiKey } = options;
  return {
    location: requireLocation(options.location),
    ...(isFiniteNumber(minZoom) ? { minZoom } : {}),
    ...(isFiniteNumber(maxZoom) ? { maxZoom } : {}),
    ...(typeof lang === 'string' ? { lang } : {}),
    ...(typeof apiKey === 'string' ? { apiKey } : {}),
  };
}

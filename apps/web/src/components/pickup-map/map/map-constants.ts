/** Map constants of spec 9, in one place for both providers. */
export const MAP_CONSTANTS = {
  DEFAULT_ZOOM: 10,
  MIN_ZOOM: 5,
  MAX_ZOOM: 18,
  /** Moscow, [lat, lon]. */
  DEFAULT_CENTER: [55.751244, 37.618423] as const,
  /** Clusters closer than this (screen px) merge after gridding. */
  CLUSTER_RADIUS_PX: 60,
  /** No clustering above this zoom: every point gets its own marker. */
  MAX_CLUSTER_ZOOM: 15,
  GEOLOCATION_TIMEOUT_MS: 15_000,
  GEOLOCATION_MAX_AGE_MS: 5 * 60 * 1000,
  /** Wait for the provider script and for the first render before giving up. */
  LOAD_WAIT_MS: 5000,
  CLUSTER_GRID_SIZE_PX: 64,
  CLUSTER_ZOOM_ANIMATION_MS: 500,
  LANGUAGE: 'ru_RU',
  YANDEX_API_VERSION: 'v3',
} as const;

export const YANDEX_SCRIPT_BASE = `https://api-maps.yandex.ru/${MAP_CONSTANTS.YANDEX_API_VERSION}/`;

export const OSM_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** Shown whenever the map cannot load; the list next to it always works. */
export const MAP_UNAVAILABLE_TEXT = 'Карта недоступна — выберите пункт из списка';

import type { MapAdapter, MarkerView } from './map-adapter';
import { waitForContainerSize, withTimeout } from './map-adapter';
import { MAP_CONSTANTS, YANDEX_SCRIPT_BASE } from './map-constants';
import {
  requireApiKey,
  requireCoordinates,
  validateInitOptions,
  type MapInitOptions,
} from './map-validation';

/**
 * Yandex Maps JS API v3, loaded by script tag (the CSP allows api-maps.yandex.ru). Only the few classes used
 * here are typed; v3 takes coordinates as [lon, lat].
 */
type LngLat = [number, number];
type YMapLocation = { center?: LngLat; zoom?: number; bounds?: [LngLat, LngLat]; duration?: number };
type YEntity = object;
type YMap = {
  readonly zoom: number;
  addChild(child: YEntity): void;
  removeChild(child: YEntity): void;
  update(props: { location: YMapLocation }): void;
  destroy(): void;
};
type Ymaps3 = {
  ready: Promise<void>;
  YMap: new (
    container: HTMLElement,
    props: { location: YMapLocation; zoomRange?: { min: number; max: number } },
  ) => YMap;
  YMapDefaultSchemeLayer: new (props: object) => YEntity;
  YMapDefaultFeaturesLayer: new (props: object) => YEntity;
  YMapMarker: new (props: { coordinates: LngLat }, element: HTMLElement) => YEntity;
  YMapListener: new (props: { layer?: string; onUpdate?: () => void }) => YEntity;
};

/** The script defines a global `ymaps3`. */
function getGlobalYmaps3(): Ymaps3 | undefined {
  return (window as Window & { ymaps3?: Ymaps3 }).ymaps3;
}

export function buildYandexScriptUrl(apiKey: string, lang: string = MAP_CONSTANTS.LANGUAGE): string {
  const params = new URLSearchParams({ apikey: requireApiKey(apiKey), lang });
  return `${YANDEX_SCRIPT_BASE}?${params.toString()}`;
}

let loading: { url: string; promise: Promise<Ymaps3> } | null = null;

/** Loads the script once per key; a failure removes the tag so a retry starts clean. */
export function loadYandexMaps(apiKey: string, lang?: string): Promise<Ymaps3> {
  const url = buildYandexScriptUrl(apiKey, lang);
  if (loading?.url === url) return loading.promise;

  const script = document.createElement('script');
  const loaded = new Promise<Ymaps3>((resolve, reject) => {
    script.src = url;
    script.async = true;
    script.onload = () => {
      const api = getGlobalYmaps3();
      if (api) api.ready.then(() => resolve(api), reject);
      else reject(new Error('Скрипт Яндекс Карт загрузился без ymaps3'));
    };
    script.onerror = () => reject(new Error('Не удалось загрузить скрипт Яндекс Карт'));
    document.head.append(script);
  });
  const promise = withTimeout(
    loaded,
    MAP_CONSTANTS.LOAD_WAIT_MS,
    `Яндекс Карты не загрузились за ${MAP_CONSTANTS.LOAD_WAIT_MS} мс`,
  ).catch((error: unknown) => {
    script.remove();
    loading = null;
    throw error;
  });
  loading = { url, promise };
  return promise;
}

const toLngLat = ([lat, lon]: readonly [number, number]): LngLat => [lon, lat];

export async function createYandexAdapter(
  container: HTMLElement,
  rawOptions: MapInitOptions,
): Promise<MapAdapter> {
  const options = validateInitOptions(rawOptions);
  const apiKey = requireApiKey(options.apiKey);
  const ymaps3 = await loadYandexMaps(apiKey, options.lang);
  await waitForContainerSize(container);

  const map = new ymaps3.YMap(container, {
    location: { center: toLngLat(options.location.center), zoom: options.location.zoom },
    zoomRange: {
      min: options.minZoom ?? MAP_CONSTANTS.MIN_ZOOM,
      max: options.maxZoom ?? MAP_CONSTANTS.MAX_ZOOM,
    },
  });
  map.addChild(new ymaps3.YMapDefaultSchemeLayer({}));
  map.addChild(new ymaps3.YMapDefaultFeaturesLayer({}));

  let markers: YEntity[] = [];
  const listeners: Array<() => void> = [];
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  // onUpdate fires on every animation frame; markers are re-clustered once the view settles.
  map.addChild(
    new ymaps3.YMapListener({
      layer: 'any',
      onUpdate: () => {
        clearTimeout(notifyTimer);
        notifyTimer = setTimeout(() => listeners.forEach((listener) => listener()), 120);
      },
    }),
  );

  return {
    getZoom: () => map.zoom,
    setMarkers(views: MarkerView[]) {
      markers.forEach((marker) => map.removeChild(marker));
      markers = views.map(
        (view) =>
          new ymaps3.YMapMarker({ coordinates: toLngLat(requireCoordinates(view.position)) }, view.element),
      );
      markers.forEach((marker) => map.addChild(marker));
    },
    setView(center, zoom) {
      map.update({
        location: {
          center: toLngLat(center),
          zoom: zoom ?? map.zoom,
          duration: MAP_CONSTANTS.CLUSTER_ZOOM_ANIMATION_MS,
        },
      });
    },
    fitBounds(bounds, fitOptions) {
      map.update({
        location: {
          bounds: [
            [bounds.west, bounds.north],
            [bounds.east, bounds.south],
          ],
          duration: fitOptions?.animationMs ?? 0,
        },
      });
    },
    zoomBy(delta) {
      const zoom = Math.min(MAP_CONSTANTS.MAX_ZOOM, Math.max(MAP_CONSTANTS.MIN_ZOOM, map.zoom + delta));
      map.update({ location: { zoom, duration: 200 } });
    },
    onViewChange(listener) {
      listeners.push(listener);
    },
    destroy() {
      clearTimeout(notifyTimer);
      listeners.length = 0;
      map.destroy();
    },
  };
}

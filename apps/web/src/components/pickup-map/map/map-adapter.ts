import { MAP_CONSTANTS } from './map-constants';
import type { Bounds, LatLon } from './map-geometry';
import type { MapInitOptions } from './map-validation';

export type MapProvider = 'yandex' | 'leaflet';

/** A marker as both providers draw it: a DOM element anchored at its bottom centre. */
export type MarkerView = { key: string; position: LatLon; element: HTMLElement };

/** What the component needs from a provider; each provider module implements it. */
export type MapAdapter = {
  getZoom(): number;
  setMarkers(markers: MarkerView[]): void;
  setView(center: LatLon, zoom?: number): void;
  fitBounds(bounds: Bounds, options?: { animationMs?: number }): void;
  zoomBy(delta: number): void;
  /** Called after the user or the code has moved or zoomed the map. */
  onViewChange(listener: () => void): void;
  destroy(): void;
};

export type CreateMapAdapter = (container: HTMLElement, options: MapInitOptions) => Promise<MapAdapter>;

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Render wait: a map created in a container without size draws nothing, so wait for layout first. */
export function waitForContainerSize(
  container: HTMLElement,
  timeoutMs: number = MAP_CONSTANTS.LOAD_WAIT_MS,
): Promise<void> {
  const hasSize = () => container.clientWidth > 0 && container.clientHeight > 0;
  if (hasSize()) return Promise.resolve();
  return withTimeout(
    new Promise<void>((resolve) => {
      const poll = () => (hasSize() ? resolve() : setTimeout(poll, 50));
      poll();
    }),
    timeoutMs,
    `Карта не отрисовалась за ${timeoutMs} мс`,
  );
}

// Leaflet and its CSS load only with this module, which the map component imports dynamically.
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import type { MapAdapter, MarkerView } from './map-adapter';
import { waitForContainerSize, withTimeout } from './map-adapter';
import { MAP_CONSTANTS, OSM_ATTRIBUTION, OSM_TILE_URL } from './map-constants';
import { requireCoordinates, validateInitOptions, type MapInitOptions } from './map-validation';

/** Resolves on the first tile; an error before any tile means the tile server is unreachable (offline). */
function waitForFirstTile(tiles: L.TileLayer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    tiles.once('tileload', () => resolve());
    tiles.once('tileerror', () => reject(new Error('Не удалось загрузить тайлы OpenStreetMap')));
  });
}

export async function createLeafletAdapter(
  container: HTMLElement,
  rawOptions: MapInitOptions,
): Promise<MapAdapter> {
  const options = validateInitOptions(rawOptions);
  await waitForContainerSize(container);

  const map = L.map(container, {
    center: [...options.location.center],
    zoom: options.location.zoom,
    minZoom: options.minZoom ?? MAP_CONSTANTS.MIN_ZOOM,
    maxZoom: options.maxZoom ?? MAP_CONSTANTS.MAX_ZOOM,
    zoomControl: false,
  });
  const tiles = L.tileLayer(OSM_TILE_URL, { attribution: OSM_ATTRIBUTION, maxZoom: MAP_CONSTANTS.MAX_ZOOM });
  const firstTile = waitForFirstTile(tiles);
  tiles.addTo(map);
  try {
    await withTimeout(
      firstTile,
      MAP_CONSTANTS.LOAD_WAIT_MS,
      `Карта OpenStreetMap не загрузилась за ${MAP_CONSTANTS.LOAD_WAIT_MS} мс`,
    );
  } catch (error) {
    map.remove();
    throw error;
  }

  const layer = L.layerGroup().addTo(map);
  return {
    getZoom: () => map.getZoom(),
    setMarkers(views: MarkerView[]) {
      layer.clearLayers();
      for (const view of views) {
        // A marker click selects a point; it must not also reach the map.
        L.DomEvent.disableClickPropagation(view.element);
        const icon = L.divIcon({ html: view.element, className: '', iconSize: [0, 0], iconAnchor: [0, 0] });
        L.marker([...requireCoordinates(view.position)], { icon, keyboard: false }).addTo(layer);
      }
    },
    setView(center, zoom) {
      map.setView([...center], zoom ?? map.getZoom(), {
        animate: true,
        duration: MAP_CONSTANTS.CLUSTER_ZOOM_ANIMATION_MS / 1000,
      });
    },
    fitBounds(bounds, fitOptions) {
      const latLngBounds = L.latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
      if (fitOptions?.animationMs) {
        map.flyToBounds(latLngBounds, { duration: fitOptions.animationMs / 1000, padding: [32, 32] });
      } else {
        map.fitBounds(latLngBounds, { padding: [32, 32], animate: false });
      }
    },
    zoomBy(delta) {
      map.setZoom(map.getZoom() + delta);
    },
    onViewChange(listener) {
      map.on('moveend zoomend', listener);
    },
    destroy() {
      map.off();
      map.remove();
    },
  };
}

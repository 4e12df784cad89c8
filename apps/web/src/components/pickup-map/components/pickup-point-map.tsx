import type { Point } from '@app/contracts';
import { ActionIcon, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconMinus, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
// Public config is app-wide deployment data (also read by the route guards); it has no other home yet.
import { usePublicConfig } from '@/lib/public-config';
import type { CreateMapAdapter, MapAdapter, MapProvider } from '../map/map-adapter';
import { MAP_CONSTANTS, MAP_UNAVAILABLE_TEXT } from '../map/map-constants';
import { clusterPoints, computeBounds, type LatLon, type MapGroup } from '../map/map-geometry';
import { createMarkerElement, type MarkerClasses } from '../map/marker-elements';
import { requireControlPosition, type ControlPosition } from '../map/map-validation';
import classes from './pickup-point-map.module.css';

export type PickupPointMapProps = {
  points: Point[];
  selectedId: string | null;
  onSelect(id: string): void;
  /** Default: Yandex when its key is configured, else OpenStreetMap, which needs none (issue 16). */
  provider?: MapProvider;
};

/** Spec 4 map loading states. */
export type MapStatus = 'pending' | 'loading' | 'loaded' | 'error';

const PROVIDER_OPTIONS = [
  { value: 'leaflet', label: 'OpenStreetMap' },
  { value: 'yandex', label: 'Яндекс Карты' },
];

const CONTROLS_POSITION: ControlPosition = 'top-right';

const MARKER_CLASSES: MarkerClasses = {
  anchor: classes.anchor ?? '',
  marker: classes.marker ?? '',
  markerSelected: classes.markerSelected ?? '',
  cluster: classes.cluster ?? '',
  clusterSelected: classes.clusterSelected ?? '',
};

/** Provider code (Leaflet and its CSS especially) is fetched only when that provider is shown. */
async function loadProvider(provider: MapProvider): Promise<CreateMapAdapter> {
  if (provider === 'leaflet') return (await import('../map/leaflet-provider')).createLeafletAdapter;
  return (await import('../map/yandex-provider')).createYandexAdapter;
}

const toLatLon = (point: Point): LatLon => [point.lat, point.lon];

function fitToPoints(adapter: MapAdapter, points: Point[]): void {
  if (points.length >= 2) adapter.fitBounds(computeBounds(points.map(toLatLon)));
  else if (points[0]) adapter.setView(toLatLon(points[0]), MAP_CONSTANTS.MAX_CLUSTER_ZOOM);
}

type LoadResult = { key: string; status: 'loaded' | 'error'; message?: string };

function MapControls({ position, adapter }: { position: ControlPosition; adapter: MapAdapter }) {
  const [geoError, setGeoError] = useState<string | null>(null);
  const hasGeolocation = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const locate = () => {
    setGeoError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => adapter.setView([coords.latitude, coords.longitude], MAP_CONSTANTS.MAX_CLUSTER_ZOOM),
      () => setGeoError('Не удалось определить местоположение'),
      { timeout: MAP_CONSTANTS.GEOLOCATION_TIMEOUT_MS, maximumAge: MAP_CONSTANTS.GEOLOCATION_MAX_AGE_MS },
    );
  };

  return (
    <div className={classes.controls} data-position={requireControlPosition(position)}>
      <ActionIcon variant="default" size="lg" aria-label="Приблизить" onClick={() => adapter.zoomBy(1)}>
        <IconPlus size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" aria-label="Отдалить" onClick={() => adapter.zoomBy(-1)}>
        <IconMinus size={18} aria-hidden />
      </ActionIcon>
      {hasGeolocation && (
        <ActionIcon variant="default" size="lg" aria-label="Моё местоположение" onClick={locate}>
          <IconCurrentLocation size={18} aria-hidden />
        </ActionIcon>
      )}
      {geoError && (
        <Text size="xs" bg="white" p={4} role="status">
          {geoError}
        </Text>
      )}
    </div>
  );
}

/**
 * Pickup points on a map (spec 2), Yandex Maps v3 or Leaflet/OpenStreetMap, with grid clustering. The map is an
 * extra: without a key or network it says so and the caller's list keeps working.
 */
export function PickupPointMap({
  points,
  selectedId,
  onSelect,
  provider: initialProvider,
}: PickupPointMapProps) {
  const config = usePublicConfig();
  // Until the visitor picks one: Yandex when the deployment has its key, otherwise OpenStreetMap, which needs none.
  const [chosenProvider, setProvider] = useState<MapProvider | null>(initialProvider ?? null);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<LoadResult | null>(null);
  const [adapter, setAdapter] = useState<MapAdapter | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  const apiKey = config.data?.yandexMapsApiKey?.trim() || null;
  const isConfigKnown = config.isSuccess || config.isError;
  const provider: MapProvider = chosenProvider ?? (apiKey ? 'yandex' : 'leaflet');
  const isMissingKey = provider === 'yandex' && config.isSuccess && !apiKey;
  const isConfigFailed = provider === 'yandex' && config.isError;
  // The automatic choice waits for the config, so a map is never drawn twice.
  const canLoad =
    provider === 'leaflet' ? chosenProvider !== null || isConfigKnown : isConfigKnown && Boolean(apiKey);
  const loadKey = `${provider}:${apiKey ?? ''}:${attempt}`;

  let status: MapStatus;
  if (isConfigFailed) status = 'error';
  else if (result?.key === loadKey) status = result.status;
  else status = canLoad ? 'loading' : 'pending';

  // Creates the map for the current provider; tears it down on switch, retry or unmount.
  useEffect(() => {
    const container = containerRef.current;
    if (!canLoad || !container) return;
    let isCancelled = false;
    let created: MapAdapter | null = null;
    loadProvider(provider)
      .then((create) =>
        create(container, {
          location: { center: MAP_CONSTANTS.DEFAULT_CENTER, zoom: MAP_CONSTANTS.DEFAULT_ZOOM },
          minZoom: MAP_CONSTANTS.MIN_ZOOM,
          maxZoom: MAP_CONSTANTS.MAX_ZOOM,
          lang: MAP_CONSTANTS.LANGUAGE,
          ...(apiKey && provider === 'yandex' ? { apiKey } : {}),
        }),
      )
      .then((instance) => {
        if (isCancelled) {
          instance.destroy();
          return;
        }
        created = instance;
        setAdapter(instance);
        setResult({ key: loadKey, status: 'loaded' });
      })
      .catch((error: unknown) => {
        console.warn('Pickup map failed to load', error);
        if (!isCancelled) {
          const message = error instanceof Error ? error.message : String(error);
          setResult({ key: loadKey, status: 'error', message });
        }
      });
    return () => {
      isCancelled = true;
      created?.destroy();
      setAdapter(null);
      container.replaceChildren();
    };
  }, [canLoad, provider, apiKey, loadKey]);

  // The latest props for marker callbacks created outside React.
  const latest = useRef({ points, selectedId, onSelect });
  useEffect(() => {
    latest.current = { points, selectedId, onSelect };
  });

  const renderMarkers = useCallback(() => {
    if (!adapter) return;
    const { points: currentPoints, selectedId: currentSelected } = latest.current;
    const groups = clusterPoints(currentPoints, adapter.getZoom());
    adapter.setMarkers(
      groups.map((group) => ({
        key: group.key,
        position: group.center,
        element: createMarkerElement(group, currentSelected, MARKER_CLASSES, {
          onSelect: (point) => latest.current.onSelect(point.id),
          onClusterClick: (clicked: MapGroup<Point>) => {
            const coordinates = clicked.items.map(toLatLon);
            const bounds = computeBounds(coordinates);
            if (bounds.north - bounds.south < 1e-6 && bounds.east - bounds.west < 1e-6) {
              adapter.setView(clicked.center, MAP_CONSTANTS.MAX_CLUSTER_ZOOM + 1);
            } else {
              adapter.fitBounds(bounds, { animationMs: MAP_CONSTANTS.CLUSTER_ZOOM_ANIMATION_MS });
            }
          },
        }),
      })),
    );
  }, [adapter]);

  // Once per loaded map: show all points, and re-cluster whenever the zoom changes.
  useEffect(() => {
    if (!adapter) return;
    fitToPoints(adapter, latest.current.points);
    let lastZoom = adapter.getZoom();
    adapter.onViewChange(() => {
      const zoom = adapter.getZoom();
      if (zoom === lastZoom) return;
      lastZoom = zoom;
      renderMarkers();
    });
  }, [adapter, renderMarkers]);

  useEffect(() => {
    renderMarkers();
  }, [renderMarkers, points, selectedId]);

  // A point picked from the list is brought into view.
  const previousSelected = useRef(selectedId);
  useEffect(() => {
    if (!adapter || selectedId === previousSelected.current) return;
    previousSelected.current = selectedId;
    const point = points.find((item) => item.id === selectedId);
    if (point) adapter.setView(toLatLon(point));
  }, [adapter, selectedId, points]);

  const errorMessage = result?.key === loadKey ? result.message : undefined;

  return (
    <div className={classes.root} data-testid="pickup-map" data-status={status} data-provider={provider}>
      <SegmentedControl
        size="xs"
        data={PROVIDER_OPTIONS}
        value={provider}
        onChange={(value) => setProvider(value === 'leaflet' ? 'leaflet' : 'yandex')}
        aria-label="Поставщик карты"
      />
      <div className={classes.frame}>
        <div ref={containerRef} className={classes.canvas} aria-label="Карта пунктов выдачи" role="region" />
        {status === 'loaded' && adapter && <MapControls position={CONTROLS_POSITION} adapter={adapter} />}
        {status !== 'loaded' && (
          <div className={classes.overlay}>
            {isMissingKey ? (
              <Stack align="center" gap="xs">
                <Text size="sm">Яндекс Карты не настроены: нет API-ключа. Выберите пункт из списка.</Text>
                <Button size="xs" variant="light" onClick={() => setProvider('leaflet')}>
                  Показать карту OpenStreetMap
                </Button>
              </Stack>
            ) : status === 'error' ? (
              <Stack align="center" gap="xs" role="alert">
                <Text size="sm" fw={500}>
                  {MAP_UNAVAILABLE_TEXT}
                </Text>
                {errorMessage && (
                  <Text size="xs" c="dimmed">
                    {errorMessage}
                  </Text>
                )}
                <Group gap="xs" justify="center">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      if (config.isError) void config.refetch();
                      setAttempt((value) => value + 1);
                    }}
                  >
                    Попробовать снова
                  </Button>
                  {provider === 'yandex' && (
                    <Button size="xs" variant="light" onClick={() => setProvider('leaflet')}>
                      Открыть OpenStreetMap
                    </Button>
                  )}
                </Group>
              </Stack>
            ) : (
              <Group gap="xs" role="status">
                <Loader size="sm" />
                <Text size="sm">Загружаем карту…</Text>
              </Group>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

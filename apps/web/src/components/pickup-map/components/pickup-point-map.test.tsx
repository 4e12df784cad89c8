import type { Point } from '@app/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { configureApiClient } from '@/lib/api-client';
import type { MapAdapter, MarkerView } from '../map/map-adapter';
import type { MapInitOptions } from '../map/map-validation';
import { PickupPointMap } from './pickup-point-map';

type FakeMap = MapAdapter & {
  container: HTMLElement;
  options: MapInitOptions;
  fitBounds: Mock<MapAdapter['fitBounds']>;
};

const providers = vi.hoisted(() => ({
  yandex: vi.fn<(container: HTMLElement, options: MapInitOptions) => Promise<unknown>>(),
  leaflet: vi.fn<(container: HTMLElement, options: MapInitOptions) => Promise<unknown>>(),
}));
vi.mock('../map/yandex-provider', () => ({ createYandexAdapter: providers.yandex }));
vi.mock('../map/leaflet-provider', () => ({ createLeafletAdapter: providers.leaflet }));

/** Draws markers straight into the container, so tests click them like a user would. */
function createFakeMap(container: HTMLElement, options: MapInitOptions): FakeMap {
  let zoom = options.location.zoom;
  return {
    container,
    options,
    getZoom: () => zoom,
    setMarkers(markers: MarkerView[]) {
      container.replaceChildren(...markers.map((marker) => marker.element));
    },
    setView: vi.fn((_center, nextZoom?: number) => {
      if (nextZoom !== undefined) zoom = nextZoom;
    }),
    fitBounds: vi.fn<MapAdapter['fitBounds']>(),
    zoomBy: vi.fn(),
    onViewChange: vi.fn(),
    destroy: vi.fn(),
  };
}

function point(id: string, name: string, lat: number, lon: number): Point {
  return {
    id,
    code: null,
    name,
    schedule: null,
    address: `${name}, адрес`,
    lat,
    lon,
    partnerId: null,
    description: null,
    email: null,
    phone: null,
    photos: [],
    isActive: true,
    type: 'partner',
    metro: null,
    metroColor: null,
  };
}

const FAR_POINTS = [point('p1', 'Тверская', 55.76, 37.6), point('p2', 'Бауманская', 55.9, 37.9)];

const fetchMock = vi.fn<typeof fetch>();

function mockConfig(yandexMapsApiKey: string | null) {
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          marketingSiteUrl: 'https://example.ru',
          telegramBotName: null,
          supportTelegramUrl: 'https://t.me/x',
          supportWhatsappUrl: 'https://wa.me/1',
          yandexMapsApiKey,
        }),
        { status: 200 },
      ),
    ),
  );
}

function renderMap(
  props: Partial<Parameters<typeof PickupPointMap>[0]> = {},
  queryClient = createQueryClient(),
) {
  const onSelect = vi.fn();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <PickupPointMap points={FAR_POINTS} selectedId={null} onSelect={onSelect} {...props} />
    </AppProviders>,
  );
  return { onSelect, ...view };
}

const mapRoot = () => screen.getByTestId('pickup-map');

describe('PickupPointMap', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  beforeEach(() => {
    providers.yandex.mockReset();
    providers.leaflet.mockReset();
    providers.yandex.mockImplementation(async (container, options) => createFakeMap(container, options));
    providers.leaflet.mockImplementation(async (container, options) => createFakeMap(container, options));
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  });

  it('defaults to Yandex with the key from public config, Moscow, zoom 10 and ru_RU', async () => {
    mockConfig('yandex-key');
    renderMap();
    expect(mapRoot()).toHaveAttribute('data-status', 'pending');
    await waitFor(() => expect(mapRoot()).toHaveAttribute('data-status', 'loaded'));
    expect(mapRoot()).toHaveAttribute('data-provider', 'yandex');
    expect(providers.leaflet).not.toHaveBeenCalled();
    expect(providers.yandex).toHaveBeenCalledWith(expect.any(HTMLElement), {
      location: { center: [55.751244, 37.618423], zoom: 10 },
      minZoom: 5,
      maxZoom: 18,
      lang: 'ru_RU',
      apiKey: 'yandex-key',
    });
  });

  it('without a key shows OpenStreetMap at once; Yandex, chosen, says it has no key and offers OpenStreetMap', async () => {
    mockConfig(null);
    const user = userEvent.setup();
    renderMap();
    await waitFor(() => expect(mapRoot()).toHaveAttribute('data-status', 'loaded'));
    expect(mapRoot()).toHaveAttribute('data-provider', 'leaflet');
    expect(screen.queryByText(/нет API-ключа/)).not.toBeInTheDocument();
    expect(providers.yandex).not.toHaveBeenCalled();
    const [, options] = providers.leaflet.mock.calls[0] ?? [];
    expect(options).not.toHaveProperty('apiKey');

    await user.click(screen.getByRole('radio', { name: 'Яндекс Карты' }));
    expect(await screen.findByText(/нет API-ключа/)).toBeInTheDocument();
    expect(providers.yandex).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Показать карту OpenStreetMap' }));
    await waitFor(() => expect(mapRoot()).toHaveAttribute('data-provider', 'leaflet'));
    await waitFor(() => expect(mapRoot()).toHaveAttribute('data-status', 'loaded'));
  });

  it('shows the unavailable state when the provider fails (offline), and can switch providers', async () => {
    mockConfig('yandex-key');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    providers.yandex.mockRejectedValue(new Error('Не удалось загрузить скрипт Яндекс Карт'));
    const user = userEvent.setup();
    renderMap();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Карта недоступна — выберите пункт из списка')).toBeInTheDocument();
    expect(mapRoot()).toHaveAttribute('data-status', 'error');

    await user.click(screen.getByRole('radio', { name: 'OpenStreetMap' }));
    await waitFor(() => expect(mapRoot()).toHaveAttribute('data-status', 'loaded'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows OpenStreetMap when public config cannot be fetched (it needs no key)', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderMap({}, queryClient);
    await waitFor(() => expect(mapRoot()).toHaveAttribute('data-status', 'loaded'));
    expect(mapRoot()).toHaveAttribute('data-provider', 'leaflet');
    expect(providers.yandex).not.toHaveBeenCalled();
  });

  it('shows point names as markers; clicking one selects it; the selected one is highlighted', async () => {
    mockConfig(null);
    const user = userEvent.setup();
    const { onSelect, rerender } = renderMap({ provider: 'leaflet' });
    const marker = await screen.findByRole('button', { name: 'Бауманская' });
    expect(marker).toHaveAttribute('aria-pressed', 'false');

    await user.click(marker);
    expect(onSelect).toHaveBeenCalledWith('p2');

    rerender(
      <AppProviders queryClient={createQueryClient()} env="test">
        <PickupPointMap points={FAR_POINTS} selectedId="p2" onSelect={onSelect} provider="leaflet" />
      </AppProviders>,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Бауманская' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Тверская' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('fits all points on load and zooms into a cluster on click (500 ms animation)', async () => {
    mockConfig(null);
    const user = userEvent.setup();
    const close = [
      point('a', 'А', 55.751, 37.618),
      point('b', 'Б', 55.752, 37.619),
      point('c', 'В', 55.753, 37.62),
    ];
    renderMap({ points: close, provider: 'leaflet' });
    const cluster = await screen.findByRole('button', { name: '3 пункта выдачи — приблизить' });
    const fake = (await providers.leaflet.mock.results[0]?.value) as FakeMap;
    expect(fake.fitBounds).toHaveBeenCalledWith({ south: 55.751, west: 37.618, north: 55.753, east: 37.62 });

    await user.click(cluster);
    expect(fake.fitBounds).toHaveBeenLastCalledWith(
      { south: 55.751, west: 37.618, north: 55.753, east: 37.62 },
      { animationMs: 500 },
    );
  });
});

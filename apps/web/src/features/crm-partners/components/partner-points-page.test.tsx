import { MESSAGES, type Partner, type Point } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { PartnerPointsPage } from './partner-points-page';

const PARTNER: Partner = {
  id: '10000000-0000-4000-8000-000000000001',
  name: 'ПВЗ-Сервис',
  commission: 15,
  userId: null,
  userEmail: null,
  pointsCount: 1,
};
const POINT: Point = {
  id: '20000000-0000-4000-8000-000000000001',
  code: null,
  name: 'ПВЗ «Сокол»',
  schedule: 'Ежедневно 10–21',
  address: 'Москва, Ленинградский пр-т, 75',
  lat: 55.805,
  lon: 37.515,
  partnerId: PARTNER.id,
  description: null,
  email: null,
  phone: null,
  photos: ['/api/point/photos/30000000-0000-4000-8000-000000000001.webp'],
  isActive: true,
  type: 'PARTNER',
  metro: 'Сокол',
  metroColor: '#2DBE2C',
};

type Call = { method: string; path: string; body: unknown };

function mockPointsApi(initial: Point[]) {
  let points = initial;
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/partner') return { items: [PARTNER] };
    if (url.pathname === `/api/point/partner/${PARTNER.id}`) return { items: points };
    if (url.pathname === '/api/point/status' && method === 'PATCH') {
      const { id, isActive } = body as { id: string; isActive: boolean };
      points = points.map((point) => (point.id === id ? { ...point, isActive } : point));
      return points.find((point) => point.id === id);
    }
    if (url.pathname === '/api/point' && method === 'POST') {
      const created = {
        ...POINT,
        ...(body as object),
        id: '20000000-0000-4000-8000-000000000002',
        photos: [],
      };
      points = [...points, created as Point];
      return created;
    }
    return undefined;
  });
  return calls;
}

describe('partner points page', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
  });

  it('switches a point off through PATCH /api/point/status and shows the refetched state', async () => {
    const calls = mockPointsApi([POINT]);
    renderInCabinet(<PartnerPointsPage partnerId={PARTNER.id} />);

    const toggle = await screen.findByRole('switch', { name: `Пункт «${POINT.name}» активен` });
    expect(toggle).toBeChecked();
    expect(screen.getByText('ПВЗ-Сервис · комиссия 15 %')).toBeInTheDocument();
    fireEvent.click(toggle);

    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/point/status', body: { id: POINT.id, isActive: false } },
    ]);
    // The list was fetched again after the change.
    expect(calls.filter((call) => call.path === `/api/point/partner/${PARTNER.id}`).length).toBeGreaterThan(
      1,
    );
  });

  // A long form: on a busy machine typing into it takes seconds, hence the longer timeout.
  it('validates a new point with the contract messages, then saves it and offers photos', async () => {
    const calls = mockPointsApi([]);
    renderInCabinet(<PartnerPointsPage partnerId={PARTNER.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить пункт' }));
    const form = await screen.findByRole('form', { name: 'Новый пункт выдачи' });
    const field = (name: string) => within(form).getByRole('textbox', { name });

    fireEvent.change(field('Название'), { target: { value: 'ПВЗ «Аэропорт»' } });
    fireEvent.change(field('Адрес'), { target: { value: 'Москва, Ленинградский пр-т, 62' } });
    fireEvent.change(field('Широта'), { target: { value: '95' } });
    fireEvent.change(field('Долгота'), { target: { value: '37.53' } });
    fireEvent.change(field('Цвет линии метро'), { target: { value: 'зелёный' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));

    expect(await within(form).findByText(MESSAGES.latitudeInvalid)).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.colorInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(field('Широта'), { target: { value: '55.8' } });
    fireEvent.change(field('Цвет линии метро'), { target: { value: '#2dbe2c' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'ПВЗ «Аэропорт»',
      lat: 55.8,
      lon: 37.53,
      partnerId: PARTNER.id,
      metroColor: '#2DBE2C',
      isActive: true,
    });
    // The window now edits the saved point and offers its photos.
    expect(await screen.findByRole('form', { name: 'Изменить пункт выдачи' })).toBeInTheDocument();
    expect(screen.getByText('Фотографии (0 из 10)')).toBeInTheDocument();
    expect(screen.getByTestId('point-photo-dropzone')).toBeInTheDocument();
  }, 20_000);
});

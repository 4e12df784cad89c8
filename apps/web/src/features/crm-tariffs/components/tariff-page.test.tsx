import { MESSAGES, type Tariff } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { TariffPage } from './tariff-page';

const PASSPORT = '11111111-1111-4111-8111-111111111111';
const TARIFF: Tariff = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Русский → китайский',
  originalLanguage: 'ru',
  targetLanguage: 'zh',
  documentTypeId: null,
  documentTypeName: null,
  pricePercent: 140,
  surcharge: 0,
  extraDays: 2,
  sortOrder: 20,
  isActive: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const FORM_PARAMS = {
  documents: [{ id: PASSPORT, type: 'passport', name: 'Паспорт', price: 1500, processingDays: 1 }],
  assurances: [],
  deliveries: [],
  languages: [
    { code: 'ru', name: 'Русский' },
    { code: 'zh', name: 'Китайский' },
  ],
  offices: [],
  calendar: { nonWorkingDays: [], workingWeekendDays: [] },
  tariffs: [],
};

function renderAt(path: string) {
  return renderInCabinet(<TariffPage />, {
    path,
    routes: [
      { path: '/crm/tariffs/:id', element: <TariffPage /> },
      { path: '/crm/tariffs', element: <div data-testid="tariffs-list" /> },
    ],
  });
}

// Mantine forms in jsdom are slow on a busy machine.
describe('tariff page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
  });

  it('validates with the contract schema, then creates the tariff and returns to the list', async () => {
    const posted: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/order/form-params') return FORM_PARAMS;
      if (url.pathname === '/api/tariffs' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return { ...TARIFF, id: '33333333-3333-4333-8333-333333333333', name: 'Срочно' };
      }
      return undefined;
    });
    const { router } = renderAt('/crm/tariffs/new');
    expect(await screen.findByRole('heading', { name: 'Новый тариф' })).toBeInTheDocument();
    const percent = await screen.findByRole('textbox', { name: /Цена, % от базовой/ });
    fireEvent.change(percent, { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить тариф' }));
    expect(await screen.findByText(MESSAGES.itemNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.tariffPercentInvalid)).toBeInTheDocument();
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Название/ }), { target: { value: 'Срочно' } });
    fireEvent.change(percent, { target: { value: '150' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Надбавка, ₽/ }), {
      target: { value: '200' },
    });
    // The example runs the engine's own rule on the first document.
    expect(screen.getByTestId('tariff-example')).toHaveTextContent(/Паспорт: 1\s500\s₽ → 2\s450\s₽/);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить тариф' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/tariffs'));
    expect(posted).toEqual([
      {
        name: 'Срочно',
        originalLanguage: null,
        targetLanguage: null,
        documentTypeId: null,
        pricePercent: 150,
        surcharge: 200,
        extraDays: 0,
        isActive: true,
        sortOrder: 0,
      },
    ]);
  });

  it('shows the stored rule and deletes it only after confirmation', async () => {
    const deleted: string[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/order/form-params') return FORM_PARAMS;
      if (url.pathname === `/api/tariffs/${TARIFF.id}`) {
        if (init?.method === 'DELETE') {
          deleted.push(TARIFF.id);
          return { success: true };
        }
        return TARIFF;
      }
      return undefined;
    });
    const { router } = renderAt(`/crm/tariffs/${TARIFF.id}`);
    expect(await screen.findByRole('heading', { name: 'Тариф «Русский → китайский»' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Язык перевода', { selector: 'input' })).toHaveValue('Китайский');
    expect(screen.getByRole('textbox', { name: /Доп. срок, дней/ })).toHaveValue('2');

    fireEvent.click(screen.getByRole('button', { name: 'Удалить тариф' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить тариф?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить тариф' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Удалить тариф?' })).getByRole('button', {
        name: 'Удалить',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/tariffs'));
    expect(deleted).toEqual([TARIFF.id]);
  });

  it('says so when the tariff does not exist (deleted meanwhile)', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/order/form-params') return FORM_PARAMS;
      if (url.pathname.startsWith('/api/tariffs/')) return undefined;
      return undefined;
    });
    renderAt(`/crm/tariffs/${TARIFF.id}`);
    expect(await screen.findByTestId('tariff-load-error')).toHaveTextContent(MESSAGES.tariffNotFound);
  });
});

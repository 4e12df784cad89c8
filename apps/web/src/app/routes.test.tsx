import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { resetSessionForTests } from '@/lib/session/session-store';
import { STORAGE_KEYS } from '@/lib/storage';
import { loadRouteModules, ROUTE_MODULES_TIMEOUT_MS } from '@/test/route-modules';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

const TOKEN = 'aaa.bbb.ccc';
const fetchMock = vi.fn<typeof fetch>();

function profile(role: string) {
  return {
    id: 'u1',
    email: 'staff@demo.local',
    phoneNumber: null,
    telegramId: null,
    firstName: null,
    lastName: null,
    username: null,
    photoUrl: null,
    role,
    organization: null,
  };
}

function answer(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function signInToCrm(role: string) {
  localStorage.setItem(STORAGE_KEYS.crmToken, TOKEN);
  localStorage.setItem(STORAGE_KEYS.crmRole, role);
  fetchMock.mockImplementation((url) =>
    String(url) === '/api/profile' ? answer(profile(role)) : answer({ telegramBotName: null }),
  );
}

describe('routes and guards', () => {
  beforeAll(
    () =>
      loadRouteModules(routes, [
        '/cabinet/orders',
        '/cabinet/notifications',
        '/cabinet-login',
        '/login',
        '/crm/home',
        '/crm/orders',
        '/crm/stats',
        '/crm/users',
        '/partner/commissions',
        '/partner/login',
        '/definitely-missing',
      ]),
    ROUTE_MODULES_TIMEOUT_MS,
  );

  beforeEach(() => {
    resetSessionForTests();
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => answer({ telegramBotName: null }));
    configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  });

  it('sends a cabinet page without a token to cabinet login with a redirect query', async () => {
    const router = renderAt('/cabinet/orders');
    expect(await screen.findByRole('heading', { name: 'Вход в личный кабинет' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cabinet-login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/cabinet/orders')}`);
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument();
    expect(screen.queryByTestId('telegram-login')).not.toBeInTheDocument();
  });

  it('offers the Telegram widget only when the server names a bot', async () => {
    fetchMock.mockImplementation(() => answer({ telegramBotName: 'demo_bot' }));
    renderAt('/cabinet-login');
    expect(await screen.findByTestId('telegram-login')).toBeInTheDocument();
  });

  it('shows the role-filtered CRM side menu to an ADMIN', async () => {
    signInToCrm('ADMIN');
    renderAt('/crm/home');
    const menu = await screen.findByTestId('crm-side-menu');
    expect(menu).toHaveAccessibleName('Меню CRM');
    expect(within(menu).getByRole('link', { name: 'Статистика' })).toHaveAttribute('href', '/crm/stats');
    expect(within(menu).getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/cabinet');
    expect(within(menu).queryByRole('link', { name: 'Заказы' })).not.toBeInTheDocument();
    const bottomNav = screen.getByTestId('bottom-nav');
    expect(
      within(bottomNav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/crm/home', '/crm/stats', '/crm/marketing', '/crm/users']);
    // Seven items do not fit a phone's bar: the rest are under «Ещё».
    fireEvent.click(within(bottomNav).getByRole('button', { name: 'Ещё' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.getAttribute('href'))).toEqual([
      '/crm/partner',
      '/crm/tariffs',
      '/crm/holidays',
    ]);
    expect(await screen.findByRole('heading', { name: 'Заявки' })).toBeInTheDocument();
    expect(screen.getByTestId('header-user-email')).toHaveTextContent('staff@demo.local');
  });

  it('keeps a MANAGER out of ADMIN-only pages', async () => {
    signInToCrm('MANAGER');
    const router = renderAt('/crm/stats');
    expect(await screen.findByTestId('no-access-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-access');
  });

  it('lets a PARTNER open the CRM orders with only its menu items', async () => {
    signInToCrm('PARTNER');
    renderAt('/crm/orders');
    const menu = await screen.findByTestId('crm-side-menu');
    expect(within(menu).getByRole('link', { name: 'Заказы' })).toHaveAttribute('href', '/crm/orders');
    expect(within(menu).queryByRole('link', { name: 'Заявки' })).not.toBeInTheDocument();
  });

  it('opens the CRM start page of the role from /crm (PARTNER: the orders)', async () => {
    signInToCrm('PARTNER');
    const router = renderAt('/crm');
    expect(await screen.findByRole('heading', { name: 'Заказы' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/crm/orders');
  });

  it('sends a CRM page without a token to /login with a redirect query', async () => {
    const router = renderAt('/crm/users');
    expect(await screen.findByRole('heading', { name: 'Вход для сотрудников' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/crm/users')}`);
  });

  it('signs in from an email+hash link on a cabinet page and drops the parameters', async () => {
    fetchMock.mockImplementation((url) => {
      if (String(url) === '/api/auth/hash') {
        return answer({
          token: TOKEN,
          expiresAt: '2030-01-01T00:00:00Z',
          user: { id: 'u1', email: 'c@demo.local', phoneNumber: null, role: 'USER', name: null },
        });
      }
      return answer(profile('USER'));
    });
    const router = renderAt('/cabinet/notifications?email=c%40demo.local&hash=abcdefghijklmnop');
    expect(await screen.findByRole('heading', { name: 'Уведомления' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cabinet/notifications');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.cabinetToken)).toBe(TOKEN);
    expect(await screen.findByTestId('bottom-nav')).toHaveAccessibleName('Навигация кабинета');
  });

  it('shows the not-found page for unknown paths', async () => {
    renderAt('/definitely-missing');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it('partner portal requires the partner token', async () => {
    const router = renderAt('/partner/commissions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner/login'));
    expect(await screen.findByRole('heading', { name: 'Вход для партнёров' })).toBeInTheDocument();
  });
});

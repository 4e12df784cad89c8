import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterNavigationLayout } from '@/app/router-navigation';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { configureApiClient } from '@/lib/api-client';
import { resetAnalyticsQueue } from '@/lib/analytics';
import { BODY_FLAGS, setBodyFlag } from '@/lib/body-flags';
import { SupportWidget } from './support-widget';

const CONFIG = {
  marketingSiteUrl: 'https://example.ru',
  telegramBotName: null,
  supportTelegramUrl: 'https://t.me/support_demo',
  supportWhatsappUrl: 'https://wa.me/79990000000',
  yandexMapsApiKey: null,
};

const fetchMock = vi.fn<typeof fetch>();

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: RouterNavigationLayout,
        children: [
          {
            path: '*',
            element: (
              <>
                <p>Страница</p>
                <SupportWidget />
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const openButton = () => screen.findByRole('button', { name: 'Написать в поддержку' });

describe('support widget', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url) === '/api/config/public'
          ? new Response(JSON.stringify(CONFIG), { status: 200 })
          : new Response(null, { status: 204 }),
      ),
    );
    configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
    // The tracker sends with the browser's own fetch (keepalive).
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    resetAnalyticsQueue();
    vi.unstubAllGlobals();
    setBodyFlag(BODY_FLAGS.bottomStrip, false);
    setBodyFlag(BODY_FLAGS.documentDropdownOpen, false);
  });

  it('expands to the two messenger links, opening in a new tab', async () => {
    const user = userEvent.setup();
    renderAt('/order/success');
    expect(screen.queryByRole('link', { name: 'Telegram' })).not.toBeInTheDocument();
    await user.click(await openButton());

    const telegram = screen.getByRole('link', { name: 'Telegram' });
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' });
    expect(telegram).toHaveAttribute('href', CONFIG.supportTelegramUrl);
    expect(whatsapp).toHaveAttribute('href', CONFIG.supportWhatsappUrl);
    for (const link of [telegram, whatsapp]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByRole('button', { name: 'Закрыть поддержку' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('closes on an outside click', async () => {
    const user = userEvent.setup();
    renderAt('/order/step-2');
    await user.click(await openButton());
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toBeInTheDocument();

    await user.click(screen.getByText('Страница'));
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument();
  });

  it('closes on Escape and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderAt('/order/step-2');
    await user.click(await openButton());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Telegram' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Написать в поддержку' })).toHaveFocus();
  });

  it.each([
    ['Telegram', 'telegram'],
    ['WhatsApp', 'whatsapp'],
  ])('opening %s sends contact_support with the platform', async (name, platform) => {
    const user = userEvent.setup();
    renderAt('/order/step-1');
    await user.click(await openButton());
    const link = screen.getByRole('link', { name });
    // jsdom cannot open tabs: keep the click but drop the navigation.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);

    await waitFor(
      () =>
        expect(fetchMock).toHaveBeenCalledWith(
          '/api/analytics/batch',
          expect.objectContaining({ method: 'POST', keepalive: true }),
        ),
      // The tracker loads when the browser is idle (a second in jsdom).
      { timeout: 5_000 },
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/analytics/batch');
    const batch = JSON.parse(String(call?.[1]?.body)) as { sessionId: string; items: unknown[] };
    expect(batch.sessionId).toEqual(expect.any(String));
    expect(batch.items).toEqual([
      expect.objectContaining({
        kind: 'event',
        clientEventId: expect.any(String),
        eventType: 'contact_support',
        eventCategory: 'support',
        eventAction: 'open',
        eventLabel: platform,
      }),
    ]);
    expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('a failing analytics call does not break the widget', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockImplementation((url) =>
      String(url) === '/api/config/public'
        ? Promise.resolve(new Response(JSON.stringify(CONFIG), { status: 200 }))
        : Promise.reject(new TypeError('offline')),
    );
    const user = userEvent.setup();
    renderAt('/order/step-1');
    await user.click(await openButton());
    const link = screen.getByRole('link', { name: 'Telegram' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 5_000 });
    expect(await openButton()).toBeInTheDocument();
    warn.mockRestore();
  });

  it('moves up on order steps, and further while the add-document strip is present', async () => {
    renderAt('/order/step-1');
    const widget = (await openButton()).closest('[data-testid="support-widget"]');
    expect(widget).toHaveAttribute('data-offset', 'order-step');
    expect(widget?.className).toMatch(/onOrderStep/);
    expect(widget?.className).not.toMatch(/withStrip/);

    act(() => setBodyFlag(BODY_FLAGS.bottomStrip, true));
    expect(document.body).toHaveAttribute('data-bottom-strip', 'true');
    await waitFor(() => expect(widget).toHaveAttribute('data-offset', 'order-step-strip'));
    expect(widget?.className).toMatch(/withStrip/);

    act(() => setBodyFlag(BODY_FLAGS.bottomStrip, false));
    await waitFor(() => expect(widget).toHaveAttribute('data-offset', 'order-step'));
  });

  it('keeps the default position outside the order steps', async () => {
    document.body.setAttribute('data-bottom-strip', 'true');
    renderAt('/order/success');
    const widget = (await openButton()).closest('[data-testid="support-widget"]');
    expect(widget).toHaveAttribute('data-offset', 'default');
    expect(widget?.className).not.toMatch(/onOrderStep|withStrip/);
  });

  it('hides while a document dropdown is open', async () => {
    renderAt('/order/step-1');
    await openButton();
    act(() => document.body.setAttribute('data-document-dropdown-open', 'true'));
    await waitFor(() => expect(screen.queryByTestId('support-widget')).not.toBeInTheDocument());

    act(() => setBodyFlag(BODY_FLAGS.documentDropdownOpen, false));
    expect(await openButton()).toBeInTheDocument();
  });
});

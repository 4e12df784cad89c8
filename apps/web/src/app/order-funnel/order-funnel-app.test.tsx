import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FORM_PARAMS } from '@/features/order-form/api/form-params';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi } from '@/test/render';
import { ROUTE_MODULES_TIMEOUT_MS } from '@/test/route-modules';
import { FUNNEL_ROUTES, matchFunnelRoute } from './funnel-routes';
import { OrderFunnelApp } from './order-funnel-app';

describe('order pages routes', () => {
  it('matches the order pages, with or without a trailing slash, and decodes parameters', () => {
    expect(matchFunnelRoute('/order/step-1')?.route.path).toBe('/order/step-1');
    expect(matchFunnelRoute('/order/step-3/')?.route.path).toBe('/order/step-3');
    expect(matchFunnelRoute('/order/success')?.route.path).toBe('/order/success');
    expect(matchFunnelRoute('/order/a%2Fb/success')).toMatchObject({
      route: { path: '/order/:orderId/success' },
      params: { orderId: 'a/b' },
    });
  });

  it('knows no other page', () => {
    for (const path of [
      '/order',
      '/order/step-4',
      '/order/step-1/x',
      '/order//success',
      '/order/%E0/success',
    ]) {
      expect(matchFunnelRoute(path), path).toBeNull();
    }
  });
});

describe('order pages app', () => {
  // The pages' code (and step 1's fields) before the tests: their first transform in Vitest takes seconds on a
  // busy machine, which the tests' one-second waits must not pay (test/route-modules.ts).
  beforeAll(
    () =>
      Promise.all([
        ...FUNNEL_ROUTES.map((route) => route.load?.()),
        import('@/features/order-form/components/step1-form'),
      ]),
    ROUTE_MODULES_TIMEOUT_MS,
  );

  beforeEach(() => {
    localStorage.clear();
    mockApi((url) => (url.pathname === '/api/order/form-params' ? EMPTY_FORM_PARAMS : undefined));
  });

  function renderAt(path: string) {
    window.history.replaceState(null, '', path);
    return render(<OrderFunnelApp />);
  }

  it('/order?reset=true forgets the draft and opens step 1 in its place', async () => {
    localStorage.setItem(STORAGE_KEYS.orderDraft, '{"step":2}');
    const historyLength = window.history.length;
    renderAt('/order?reset=true');
    expect(await screen.findByRole('heading', { name: 'Что переводим' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/order/step-1');
    expect(window.location.search).toBe('');
    expect(window.history.length).toBe(historyLength);
    expect(localStorage.getItem(STORAGE_KEYS.orderDraft)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Шаг 1. Документы и языки — Перевод документов'));
  });

  it('sends a visitor who skipped step 1 back to it, without a history entry for the skipped page', async () => {
    const historyLength = window.history.length;
    renderAt('/order/step-3');
    expect(await screen.findByRole('heading', { name: 'Что переводим' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/order/step-1');
    expect(window.history.length).toBe(historyLength);
  });

  it('moves between order pages in place, and back with the browser', async () => {
    renderAt('/order/no-such-page');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // The header's brand link leads to step 1 without loading a new document.
    await userEvent.click(screen.getByRole('link', { name: 'Перевод документов — на главную' }));
    expect(await screen.findByRole('heading', { name: 'Что переводим' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/order/step-1');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    act(() => window.history.back());
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/order/no-such-page');
    scrollTo.mockRestore();
  });
});

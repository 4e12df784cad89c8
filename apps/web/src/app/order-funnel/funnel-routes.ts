import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { OrderStep1, prepareOrderStep1 } from '@/features/order-form/components/order-step1';
import { lazyComponent } from '@/lib/lazy-component';
import { clearOrderDraft, prefillOrderDraft, selectionFromQuery } from '@/lib/order-draft';

/**
 * The public order pages (`/order/...`). They run on a router of their own, a few lines instead of react-router's
 * 30 KB, so a visitor's first load carries only what ordering needs (decision 018). Every other path belongs to
 * the main app: navigating there loads it as a new document.
 */
export type FunnelRoute = {
  path: string;
  title: string;
  Component: ComponentType;
  /** Fetches a lazy page's code: navigation waits for it, so the address changes when the page can show. */
  load?: () => Promise<unknown>;
  /**
   * Loads what the page needs to draw complete (data, lazy parts). The app awaits it before its first render when
   * the page arrived with its build-time copy on screen (decision 041).
   */
  prepare?: (queryClient: QueryClient) => Promise<unknown>;
};

function lazyPage(importPage: () => Promise<{ Component: ComponentType }>) {
  let module: Promise<{ Component: ComponentType }> | null = null;
  const load = () => {
    module ??= importPage().catch((error: unknown) => {
      module = null;
      throw error;
    });
    return module;
  };
  // Shown at once when navigation has loaded it: the page stays until then, with no loading screen between.
  return lazyComponent(() => load().then((loaded) => loaded.Component));
}

export const FUNNEL_ROUTES: readonly FunnelRoute[] = [
  // Step 1 is where visitors land: part of the first load; its fields are a lazy chunk (decision 013).
  {
    path: '/order/step-1',
    title: 'Шаг 1. Документы и языки',
    Component: OrderStep1,
    prepare: prepareOrderStep1,
  },
  {
    path: '/order/step-2',
    title: 'Шаг 2. Контактные данные',
    ...lazyPage(() => import('../public/order/order-step-2-route')),
  },
  {
    path: '/order/step-3',
    title: 'Шаг 3. Доставка',
    ...lazyPage(() => import('../public/order/order-step-3-route')),
  },
  {
    path: '/order/success',
    title: 'Заказ оформлен',
    ...lazyPage(() => import('../public/order/order-thanks-route')),
  },
  {
    path: '/order/:orderId/success',
    title: 'Заказ оформлен',
    ...lazyPage(() => import('../public/order/order-success-route')),
  },
];

export type FunnelMatch = { route: FunnelRoute; params: Record<string, string> };

/** The route of a path (a trailing slash allowed), with its `:name` segments decoded; null: no such page. */
export function matchFunnelRoute(pathname: string): FunnelMatch | null {
  const segments = pathname.replace(/\/+$/, '').split('/');
  for (const route of FUNNEL_ROUTES) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const isMatch = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      if (!segment) return false;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return false;
      }
      return true;
    });
    if (isMatch) return { route, params };
  }
  return null;
}

/**
 * `/order` opens step 1; `/order?reset=true` first forgets the draft (a new order from the cabinet); with a
 * calculator's selection (`docs=…`, from an integrator's widget) the new draft starts with those documents.
 * Answers the path to show instead, or null when `url` is a page of its own.
 */
export function resolveFunnelEntry(url: URL): string | null {
  if (url.pathname.replace(/\/+$/, '') !== '/order') return null;
  if (url.searchParams.get('reset') === 'true') clearOrderDraft();
  const selection = selectionFromQuery(url.searchParams);
  if (selection) prefillOrderDraft(selection);
  return '/order/step-1';
}

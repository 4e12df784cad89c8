import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderInCabinet } from '@/test/render';
import { EMPTY_FILTERS, type OrderFilters as Filters } from '../model/filters';
import { countActiveFilters, OrderFilters } from './order-filters';

/** A phone-width screen for Mantine's useMediaQuery (jsdom has no layout). */
function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('order filters', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('counts the filters set besides the search', () => {
    expect(countActiveFilters(EMPTY_FILTERS)).toBe(0);
    const value: Filters = {
      ...EMPTY_FILTERS,
      status: ['NEW', 'PAID'],
      dateFrom: '2026-01-01',
      search: 'Анна',
    };
    expect(countActiveFilters(value)).toBe(2);
  });

  it('on a phone keeps the search and folds the filters behind a button that shows how many are set', async () => {
    restore = asPhone();
    mockApi(() => ({ partners: [] }));
    const value: Filters = { ...EMPTY_FILTERS, payerType: 'ORGANIZATION', isPaid: 'true' };
    renderInCabinet(<OrderFilters value={value} onChange={vi.fn()} />);
    expect(screen.getByLabelText('Поиск')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Плательщик' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Фильтры (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle);
    expect(await screen.findByRole('combobox', { name: 'Плательщик' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('on a wide screen shows every filter and no fold button', async () => {
    mockApi(() => ({ partners: [] }));
    renderInCabinet(<OrderFilters value={EMPTY_FILTERS} onChange={vi.fn()} />);
    expect(await screen.findByRole('combobox', { name: 'Плательщик' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Фильтры/ })).not.toBeInTheDocument();
  });

  it('picks dates with the Russian date picker, never the browser date input (mm/dd/yyyy)', async () => {
    mockApi(() => ({ partners: [] }));
    const value: Filters = { ...EMPTY_FILTERS, dateFrom: '2026-03-05' };
    const { container } = renderInCabinet(<OrderFilters value={value} onChange={() => undefined} />);
    const from = await screen.findByRole('button', { name: 'Дата с' });
    expect(from).toHaveTextContent('05.03.2026');
    expect(container.querySelector('input[type="date"]')).toBeNull();
  });
});

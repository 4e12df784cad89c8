import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInCabinet } from '@/test/render';
import { MoneyInput } from './money-input';

function Field() {
  const [value, setValue] = useState<number | string>('');
  return (
    <>
      <MoneyInput label="Сумма, ₽" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Сумма, ₽' });
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '""') as unknown;

/** Issue 17: «300,5» typed into a CRM money field was read as 3005. */
describe('MoneyInput', () => {
  it.each([
    ['a comma, in one input event', '300,5'],
    ['a dot, in one input event', '300.5'],
  ])('reads %s as roubles and kopecks', (_case, typed) => {
    renderInCabinet(<Field />, { path: '/crm' });
    fireEvent.change(field(), { target: { value: typed } });
    expect(value()).toBe(300.5);
    expect(field()).toHaveValue('300,5');
  });

  it.each(['300,5', '300.5'])('reads %s typed key by key and pasted the same way', async (typed) => {
    renderInCabinet(<Field />, { path: '/crm' });
    await userEvent.type(field(), typed);
    expect(value()).toBe(300.5);
    await userEvent.clear(field());
    field().focus();
    await userEvent.paste(typed);
    expect(value()).toBe(300.5);
  });

  it('keeps at most two decimals and a typed minus (the form says what is wrong)', () => {
    renderInCabinet(<Field />, { path: '/crm' });
    fireEvent.change(field(), { target: { value: '12,345' } });
    expect(value()).toBe(12.34);
    fireEvent.change(field(), { target: { value: '-100' } });
    expect(value()).toBe(-100);
  });
});

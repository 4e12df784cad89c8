import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInCabinet } from '@/test/render';
import { RuDateInput } from './ru-date-input';

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return <RuDateInput label="Дата" value={value} onChange={setValue} />;
}

/** The picker's calendar ends where the API's does (2000–2100, decision 099): no day the server would refuse. */
describe('RuDateInput', () => {
  it.each([
    ['January 2000', '2000-01-15', 'previous'],
    ['December 2100', '2100-12-15', 'next'],
  ])('in %s offers no month beyond the calendar', async (_month, initial, closed) => {
    renderInCabinet(<Field initial={initial} />, { path: '/crm' });
    await userEvent.click(screen.getByRole('button', { name: 'Дата' }));
    const headerControls = Array.from(
      document.querySelectorAll<HTMLElement>('.mantine-DatePickerInput-calendarHeaderControl'),
    );
    expect(headerControls).toHaveLength(2);
    const [previous, next] = headerControls;
    const [blocked, open] = closed === 'previous' ? [previous, next] : [next, previous];
    expect(blocked).toHaveAttribute('data-disabled');
    expect(open).not.toHaveAttribute('data-disabled');
  });
});

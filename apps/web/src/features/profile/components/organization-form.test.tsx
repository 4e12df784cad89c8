import { MESSAGES, type Profile } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderInCabinet } from '@/test/render';
import { OrganizationForm } from './organization-form';

const PROFILE: Profile = {
  id: 'u1',
  email: 'anna@example.ru',
  phoneNumber: null,
  telegramId: null,
  firstName: 'Анна',
  lastName: null,
  username: null,
  photoUrl: null,
  role: 'USER',
  organization: null,
};

describe('organization requisites', () => {
  it('shows "Некорректный ИНН" next to the field and saves only a valid INN', async () => {
    let putBody: unknown = null;
    mockApi((url, init) => {
      if (url.pathname !== '/api/profile' && url.pathname !== '/api/profile/organization') return undefined;
      if (init?.method === 'PUT') {
        putBody = JSON.parse(String(init.body));
        return { ...PROFILE, organization: putBody };
      }
      return PROFILE;
    });
    renderInCabinet(<OrganizationForm />);

    const inn = await screen.findByRole('textbox', { name: /ИНН/ });
    fireEvent.change(inn, { target: { value: '7707083894' } });
    fireEvent.blur(inn);
    expect(await screen.findByText(MESSAGES.invalidInn)).toBeInTheDocument();
    expect(inn).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByRole('textbox', { name: /КПП/ }), { target: { value: '773601001' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Название/ }), {
      target: { value: 'ПАО Сбербанк' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Юридический адрес/ }), {
      target: { value: 'Москва, ул. Вавилова, 19' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    // Still invalid: nothing is sent.
    await waitFor(() => expect(screen.getByText(MESSAGES.invalidInn)).toBeInTheDocument());
    expect(putBody).toBeNull();

    fireEvent.change(inn, { target: { value: '7707083893' } });
    fireEvent.blur(inn);
    await waitFor(() => expect(screen.queryByText(MESSAGES.invalidInn)).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(putBody).toEqual({
        inn: '7707083893',
        kpp: '773601001',
        name: 'ПАО Сбербанк',
        address: 'Москва, ул. Вавилова, 19',
      }),
    );
  });

  it('refuses a KPP that is not 9 digits', async () => {
    mockApi((url) => (url.pathname === '/api/profile' ? PROFILE : undefined));
    renderInCabinet(<OrganizationForm />);

    const kpp = await screen.findByRole('textbox', { name: /КПП/ });
    fireEvent.change(kpp, { target: { value: '12345' } });
    fireEvent.blur(kpp);
    expect(await screen.findByText(MESSAGES.invalidKpp)).toBeInTheDocument();
  });
});

import { MESSAGES, PARTNER_MESSAGES, type PartnerProfile } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { jsonResponse, mockApi, renderInCabinet } from '@/test/render';
import { PartnerProfilePage } from './partner-profile-page';

const PROFILE: PartnerProfile = {
  id: 'p1',
  name: 'Ольга',
  email: 'olga@example.ru',
  phone: null,
  company: null,
  website: null,
  description: null,
  type: 'AFFILIATE',
  status: 'ACTIVE',
  commission: 12.5,
};

type Call = { method: string; path: string; body: unknown };

function serve(answers: { profilePut?: Response; password?: Response } = {}) {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/partner/profile' && method === 'GET') return { success: true, data: PROFILE };
    if (url.pathname === '/api/partner/profile' && method === 'PUT')
      return (
        answers.profilePut ?? {
          success: true,
          data: { ...PROFILE, ...(body as object), email: PROFILE.email },
        }
      );
    if (url.pathname === '/api/partner/change-password')
      return answers.password ?? { success: true, message: MESSAGES.partnerPasswordChanged };
    return undefined;
  });
  return calls;
}

const openPasswordForm = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Изменить пароль' }));
  return screen.findByRole('form', { name: 'Смена пароля' });
};
const type = (form: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('the partner profile page (spec 2, 5, 8)', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.partnerToken, 'aaa.bbb.ccc'));

  it('shows the card (type, status, effective commission) and the e-mail read-only', async () => {
    serve();
    renderInCabinet(<PartnerProfilePage />, { path: '/partner/profile' });
    expect(await screen.findByText('Активен')).toBeInTheDocument();
    expect(screen.getByText('12,5 %')).toBeInTheDocument();
    expect(screen.getByText(/Аффилиат/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeDisabled();
  });

  it('saves the profile with «Профиль успешно обновлен»; a bad website is refused before sending', async () => {
    const calls = serve();
    renderInCabinet(<PartnerProfilePage />, { path: '/partner/profile' });
    const website = await screen.findByRole('textbox', { name: /Сайт/ });
    fireEvent.change(website, { target: { value: 'не сайт' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(PARTNER_MESSAGES.partnerWebsiteInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(website, { target: { value: 'https://olga.example.ru' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Компания/ }), { target: { value: 'ИП Ольга' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(MESSAGES.partnerProfileUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Ольга',
      company: 'ИП Ольга',
      website: 'https://olga.example.ru',
    });
  });

  it('a failed save shows «Ошибка обновления профиля» with the reason', async () => {
    serve({
      profilePut: jsonResponse({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Сбой' }, 500),
    });
    renderInCabinet(<PartnerProfilePage />, { path: '/partner/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(MESSAGES.partnerProfileUpdateError)).toBeInTheDocument();
  });

  it('password rules: 8 characters, the confirmation must match, then «Пароль успешно изменен»', async () => {
    const calls = serve();
    renderInCabinet(<PartnerProfilePage />, { path: '/partner/profile' });
    const form = await openPasswordForm();
    type(form, /Текущий пароль/, 'old-password');
    type(form, /Новый пароль/, '1234567');
    type(form, /Повторите пароль/, '1234567');
    fireEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    expect(await within(form).findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    type(form, /Новый пароль/, 'new-password-1');
    type(form, /Повторите пароль/, 'new-password-2');
    fireEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    expect(await within(form).findByText(MESSAGES.passwordsMismatch)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/partner/change-password')).toBe(false);

    type(form, /Повторите пароль/, 'new-password-1');
    fireEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText(MESSAGES.partnerPasswordChanged)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/partner/change-password')?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
    });
  });

  it('a wrong current password shows «Ошибка смены пароля» with the server’s reason', async () => {
    serve({
      password: jsonResponse(
        { statusCode: 400, code: 'BAD_REQUEST', message: PARTNER_MESSAGES.partnerCurrentPasswordWrong },
        400,
      ),
    });
    renderInCabinet(<PartnerProfilePage />, { path: '/partner/profile' });
    const form = await openPasswordForm();
    type(form, /Текущий пароль/, 'wrong-password');
    type(form, /Новый пароль/, 'new-password-1');
    type(form, /Повторите пароль/, 'new-password-1');
    fireEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText(MESSAGES.partnerPasswordChangeError)).toBeInTheDocument();
    expect(screen.getByText(PARTNER_MESSAGES.partnerCurrentPasswordWrong)).toBeInTheDocument();
  });

  it('a failed load says «Не удалось загрузить профиль»', async () => {
    mockApi(() => jsonResponse({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Сбой' }, 500));
    renderInCabinet(<PartnerProfilePage />, { path: '/partner/profile' });
    await waitFor(() => expect(screen.getByText(MESSAGES.partnerProfileLoadFailed)).toBeInTheDocument(), {
      timeout: 5000,
    });
  });
});

import { MESSAGES, PARTNER_MESSAGES } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderInCabinet } from '@/test/render';
import { PartnerApplicationForm } from './partner-application-form';

const fill = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('the partner application form (/partner/apply)', () => {
  it('shows each rule next to its field and sends nothing until the form is valid', async () => {
    const fetchMock = mockApi(() => ({ success: true }));
    renderInCabinet(<PartnerApplicationForm />, { path: '/partner/apply' });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    for (const message of [
      PARTNER_MESSAGES.partnerTypeRequired,
      MESSAGES.partnerNameRequired,
      MESSAGES.invalidEmail,
      PARTNER_MESSAGES.partnerPromotionRequired,
      PARTNER_MESSAGES.partnerConsentRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    fill(/Сайт/, 'javascript:alert(1)');
    fireEvent.blur(screen.getByRole('textbox', { name: /Сайт/ }));
    expect(await screen.findByText(PARTNER_MESSAGES.partnerWebsiteInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid application and shows the confirmation instead of the form', async () => {
    let body: Record<string, unknown> | null = null;
    mockApi((url, init) => {
      if (url.pathname !== '/api/partner/apply') return undefined;
      body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return { success: true };
    });
    renderInCabinet(<PartnerApplicationForm />, { path: '/partner/apply' });
    fireEvent.click(screen.getByPlaceholderText('Выберите'));
    fireEvent.click(await screen.findByRole('option', { name: /Интегратор/ }));
    fill(/Имя/, 'Ольга');
    fill(/Email/, 'Olga@Example.ru');
    fill(/Сайт/, 'https://olga.example.ru');
    fill(/Телефон/, '89161234567');
    fill(/Как вы будете рекомендовать/, 'Виджет на сайте визового центра');
    fireEvent.click(screen.getByRole('checkbox', { name: /Согласен/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));

    expect(await screen.findByText('Заявка отправлена')).toBeInTheDocument();
    expect(screen.getByText(/ответим на olga@example\.ru/)).toBeInTheDocument();
    expect(body).toMatchObject({
      type: 'INTEGRATOR',
      name: 'Ольга',
      email: 'Olga@Example.ru',
      website: 'https://olga.example.ru',
      consent: true,
    });
    expect(screen.queryByRole('button', { name: 'Отправить заявку' })).not.toBeInTheDocument();
  });

  it('keeps the form and shows the server’s reason when the e-mail already has an open application', async () => {
    mockApi(() =>
      jsonResponse(
        { statusCode: 409, code: 'CONFLICT', message: PARTNER_MESSAGES.partnerApplicationPending },
        409,
      ),
    );
    renderInCabinet(<PartnerApplicationForm />, { path: '/partner/apply' });
    fireEvent.click(screen.getByPlaceholderText('Выберите'));
    fireEvent.click(await screen.findByRole('option', { name: /Аффилиат/ }));
    fill(/Имя/, 'Ольга');
    fill(/Email/, 'olga@example.ru');
    fill(/Как вы будете рекомендовать/, 'Пишу о визах в Telegram-канале');
    fireEvent.click(screen.getByRole('checkbox', { name: /Согласен/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText(PARTNER_MESSAGES.partnerApplicationPending)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить заявку' })).toBeEnabled());
  });
});

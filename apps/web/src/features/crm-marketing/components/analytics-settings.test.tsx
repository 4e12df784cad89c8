import { MARKETING_MESSAGES, type AnalyticsConfig } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { AnalyticsSettingsButton } from './analytics-settings';

const CONFIG: AnalyticsConfig = {
  attributionWindowHours: 720,
  defaultAttributionModel: 'first_touch',
  timeDecayHalfLifeHours: 168,
  leadScoreRules: [{ eventType: 'form_submit', eventAction: null, points: 20, decayDays: 7 }],
  hotLeadThreshold: 50,
  retentionDays: 395,
  internalIpRanges: [],
  testEmails: [],
  yandexMetricaId: null,
  ga4MeasurementId: null,
};

function renderAs(role: 'ADMIN' | 'MANAGER') {
  window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
  window.localStorage.setItem(STORAGE_KEYS.crmRole, role);
  const posts: unknown[] = [];
  mockApi((url, init) => {
    if (url.pathname !== '/api/marketing/analytics-config') return undefined;
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as AnalyticsConfig;
      posts.push(body);
      return body;
    }
    return CONFIG;
  });
  renderInCabinet(<AnalyticsSettingsButton />);
  return posts;
}

describe('analytics settings', () => {
  beforeEach(() => window.localStorage.clear());

  it('is not offered to a MANAGER', () => {
    renderAs('MANAGER');
    expect(screen.queryByRole('button', { name: 'Настройки аналитики' })).not.toBeInTheDocument();
  });

  it('ADMIN edits every setting; a bad IP range is refused next to its field, then the form saves', async () => {
    const posts = renderAs('ADMIN');
    fireEvent.click(screen.getByRole('button', { name: 'Настройки аналитики' }));
    const dialog = await screen.findByRole('dialog', { name: 'Настройки аналитики' });
    const form = await within(dialog).findByRole('form', { name: 'Настройки аналитики' });
    expect(within(form).getByLabelText('Окно атрибуции, часов')).toHaveValue('720');
    expect(within(form).getByLabelText('Событие 1')).toHaveValue('form_submit');

    fireEvent.change(within(form).getByLabelText('Внутренние IP-адреса и подсети'), {
      target: { value: '10.0.0.0/8\nофис' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText(MARKETING_MESSAGES.analyticsIpRangeInvalid)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Внутренние IP-адреса и подсети'), {
      target: { value: '10.0.0.0/8\n 192.168.0.0/16 ' },
    });
    fireEvent.change(within(form).getByLabelText('Срок хранения данных, дней'), { target: { value: '90' } });
    fireEvent.change(within(form).getByLabelText(/Яндекс Метрика/), { target: { value: '12345678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить правило' }));
    fireEvent.change(within(form).getByLabelText('Событие 2'), { target: { value: 'contact_support' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(posts).toEqual([
        {
          ...CONFIG,
          retentionDays: 90,
          internalIpRanges: ['10.0.0.0/8', '192.168.0.0/16'],
          yandexMetricaId: '12345678',
          leadScoreRules: [
            ...CONFIG.leadScoreRules,
            { eventType: 'contact_support', eventAction: null, points: 10, decayDays: 0 },
          ],
        },
      ]),
    );
    expect(await screen.findByText(MARKETING_MESSAGES.analyticsConfigSaved)).toBeInTheDocument();
  });
});

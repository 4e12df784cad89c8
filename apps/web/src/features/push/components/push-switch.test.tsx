import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { configureApiClient } from '@/lib/api-client';
import { PushSwitch } from './push-switch';

/**
 * The switch says why push cannot be turned on (issue 16). jsdom has no push at all; the browser's own APIs
 * (Notification, PushManager, the service worker container) are put in per case, the API answers through fetch.
 */
const fetchMock = vi.fn<typeof fetch>();

function installBrowserPush(options: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
}) {
  const requestPermission = vi.fn(() => Promise.resolve(options.answer ?? options.permission));
  vi.stubGlobal('Notification', { permission: options.permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: new Promise(() => undefined), getRegistration: () => Promise.resolve(undefined) },
  });
  return requestPermission;
}

function renderSwitch() {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <PushSwitch />
    </AppProviders>,
  );
  return screen.getByRole('switch', { name: /^Включить push-уведомления/ });
}

describe('push switch', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('in a browser without push: disabled, says so and where push works', () => {
    const toggle = renderSwitch();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.pushUnsupported) as unknown as string,
    );
    expect(screen.getByTestId('push-unavailable')).toHaveTextContent(MESSAGES.pushUnsupportedHint);
  });

  it('with notifications blocked for the site: disabled, says how to allow them', () => {
    installBrowserPush({ permission: 'denied' });
    const toggle = renderSwitch();
    expect(toggle).toBeDisabled();
    expect(screen.getByTestId('push-unavailable')).toHaveAttribute('data-reason', 'denied');
    expect(screen.getByTestId('push-unavailable')).toHaveTextContent(MESSAGES.pushDenied);
    expect(screen.getByTestId('push-unavailable')).toHaveTextContent('«Уведомления» → «Разрешить»');
  });

  it('blocked at the prompt: the switch stays off and says how to allow them', async () => {
    const requestPermission = installBrowserPush({ permission: 'default', answer: 'denied' });
    const user = userEvent.setup();
    const toggle = renderSwitch();
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByTestId('push-unavailable')).toHaveTextContent(MESSAGES.pushDenied);
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
  });

  it('with push not set up on the server: says so, the switch stays off', async () => {
    installBrowserPush({ permission: 'default', answer: 'granted' });
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url) === '/api/notifications/vapid-public-key'
          ? new Response(
              JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Сервис недоступен' }),
              { status: 503, headers: { 'content-type': 'application/json' } },
            )
          : new Response(null, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    const toggle = renderSwitch();
    await user.click(toggle);
    expect(await screen.findByTestId('push-unavailable')).toHaveTextContent(MESSAGES.pushNotConfigured);
    expect(toggle).not.toBeChecked();
  });
});

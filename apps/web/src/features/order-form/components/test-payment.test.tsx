import { MESSAGES } from '@app/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderInCabinet } from '@/test/render';
import { TestPayment } from './test-payment';

const PAYMENT_ID = '00000000-0000-4000-8000-0000000000bb';

describe('test payment page', () => {
  it('says plainly that it is a test: a banner above the order', async () => {
    mockApi((url) =>
      url.pathname === `/api/payments/test/${PAYMENT_ID}`
        ? {
            id: PAYMENT_ID,
            orderId: '00000000-0000-4000-8000-0000000000aa',
            orderNumber: 100042,
            amount: 3000,
            status: 'pending',
            testMode: true,
          }
        : undefined,
    );
    renderInCabinet(<TestPayment />, {
      path: `/payment/test/${PAYMENT_ID}`,
      routes: [{ path: '/payment/test/:paymentId', element: <TestPayment /> }],
    });
    expect(await screen.findByTestId('test-payment-number')).toHaveTextContent('100042');
    expect(screen.getByTestId('payment-test-mode-banner')).toHaveTextContent(MESSAGES.paymentTestModeBanner);
    expect(MESSAGES.paymentTestModeBanner).toBe('Тестовый режим оплаты');
  });
});

import { describe, expect, it } from 'vitest';
import { formatRub, type GuestOrderStatus } from '@app/contracts';
import { MAIL_TEMPLATES, renderMail, type MailContext, type MailMessage, type MailOrder } from './index.ts';

const URL = 'https://example.ru';
const ID = '11111111-2222-3333-4444-555555555555';
const NBSP = '\u00a0';
const HOSTILE = '<img src=x onerror="alert(1)">&<script>alert(2)</script>';

const BRAND: MailContext['brand'] = {
  publicUrl: URL,
  support: { telegramUrl: 'https://t.me/perevod_support', whatsappUrl: 'https://wa.me/74950000000' },
  seller: {
    name: 'ООО «Бюро переводов»',
    inn: '7707083893',
    kpp: '770701001',
    address: '125009, г. Москва, ул. Тверская, д. 12',
  },
};

function orderOf(patch: Partial<GuestOrderStatus> = {}, courierAddress: string | null = null): MailOrder {
  return {
    statusUrl: `${URL}/order-status/${'a'.repeat(64)}`,
    courierAddress,
    view: {
      number: 1042,
      status: 'NEW',
      createdAt: '2026-02-20T10:00:00.000Z',
      documents: [
        { name: 'Паспорт', quantity: 2 },
        { name: 'Диплом', quantity: 1 },
      ],
      originalLanguage: 'Русский',
      targetLanguage: 'Английский',
      estimatedReadyDate: '2026-03-01',
      amount: 3000,
      isPaid: false,
      canPay: true,
      delivery: {
        type: 'PICKUP_POINT',
        name: 'Пункт выдачи',
        price: 0,
        place: {
          name: 'ПВЗ «Таганская»',
          address: 'Москва, ул. Марксистская, д. 3',
          schedule: 'Пн–Сб 10:00–20:00',
        },
      },
      ...patch,
    },
  };
}

const confirmation = (name = 'Анна'): MailMessage => ({
  template: 'order-confirmation',
  params: {
    order: {
      name,
      number: 1042,
      amount: 3000,
      priceBreakdown: {
        lines: [
          { name: 'Паспорт', quantity: 2, total: 2000 },
          { name: 'Диплом', quantity: 1, total: 1000 },
          { name: 'Пункт выдачи', quantity: 1, total: 0 },
        ],
      },
    },
    signInLink: `${URL}/login?id=1&hash=x`,
  },
});

/** Every template with parameters and the order its mail is about (null: not an order's mail). */
const EVERY_MAIL: Array<[MailMessage, MailOrder | null]> = [
  [confirmation(), orderOf()],
  [
    {
      template: 'order-results-ready',
      params: {
        order: { id: ID, number: 1042, name: 'Анна' },
        files: ['перевод.pdf', 'скан.jpg'],
        publicUrl: URL,
      },
    },
    orderOf({ status: 'READY', isPaid: true, canPay: false }),
  ],
  [
    {
      template: 'order-status-changed',
      params: {
        order: { id: ID, number: 1042, name: 'Иван' },
        label: 'Готов',
        comment: 'Забрать в офисе',
        publicUrl: URL,
      },
    },
    orderOf({ status: 'READY', isPaid: true, canPay: false }),
  ],
  [
    {
      template: 'payment-received',
      params: { order: { id: ID, number: 7, name: 'Иван', amount: 1500.5 }, publicUrl: URL },
    },
    orderOf({ status: 'PAID', isPaid: true, canPay: false, amount: 1500.5 }),
  ],
  [
    {
      template: 'payment-reminder',
      params: { order: { id: ID, number: 7, name: 'Иван', amount: 1500.5 }, publicUrl: URL },
    },
    orderOf({ amount: 1500.5 }),
  ],
  [
    {
      template: 'act-exchange-reminder',
      params: {
        orders: [{ id: ID, number: 5, amount: 1000, name: 'Ольга', organizationName: 'ООО «Ромашка»' }],
        publicUrl: URL,
      },
    },
    null,
  ],
  [{ template: 'sign-in-code', params: { code: '123456', link: `${URL}/l?a=1&hash=h` } }, null],
  [{ template: 'email-change-code', params: { code: '654321' } }, null],
  [
    {
      template: 'sign-in-locked',
      params: {
        email: 'a@example.ru',
        realm: 'partner',
        failures: 5,
        lockedUntil: new Date('2026-03-01T09:30:00Z'),
      },
    },
    null,
  ],
  [
    {
      template: 'crm-access-requested',
      params: {
        applicant: { email: 'olga@example.ru', name: 'Ольга' },
        comment: 'Новый менеджер',
        requestsUrl: `${URL}/crm/users`,
      },
    },
    null,
  ],
  [
    {
      template: 'crm-access-decided',
      params: { decision: 'granted', roleLabel: 'Менеджер', signInLink: `${URL}/admin-redirect?hash=h` },
    },
    null,
  ],
  [{ template: 'crm-access-decided', params: { decision: 'refused', reason: 'Нет договора' } }, null],
  [
    {
      template: 'partner-payment-details-confirm',
      params: {
        link: `${URL}/partner/payment-details?confirm=t`,
        payeeName: 'Иванов Иван Иванович',
        accountMasked: '•••• 2345',
        bankName: 'ПАО Сбербанк',
        expiresAt: new Date('2026-03-01T09:30:00Z'),
      },
    },
    null,
  ],
  [
    {
      template: 'partner-application-received',
      params: {
        applicant: { name: 'Ольга', email: 'olga@example.ru', company: 'Блог о визах', type: 'AFFILIATE' },
        applicationsUrl: `${URL}/crm/partner-program/applications`,
      },
    },
    null,
  ],
  [
    {
      template: 'partner-webhook-disabled',
      params: {
        name: 'ООО «Интегратор»',
        url: 'https://hooks.example.ru/perevod',
        failures: 5,
        pageUrl: `${URL}/partner/integrator/webhooks`,
      },
    },
    null,
  ],
  [
    {
      template: 'partner-payout-paid',
      params: { name: 'Ольга', amount: 1234.5, periodFrom: '2026-10-01', periodTo: '2026-10-31' },
    },
    null,
  ],
  [
    {
      template: 'partner-application-decided',
      params: {
        decision: 'approved',
        name: 'Ольга',
        setPasswordLink: `${URL}/partner/set-password?token=t`,
        ttlHours: 72,
      },
    },
    null,
  ],
  [
    {
      template: 'partner-application-decided',
      params: { decision: 'refused', name: 'Ольга', reason: 'Сайт не о переводах' },
    },
    null,
  ],
  [
    {
      template: 'partner-password-reset',
      params: { setPasswordLink: `${URL}/partner/set-password?token=t`, ttlHours: 72 },
    },
    null,
  ],
  [
    {
      template: 'order-amount-changed',
      params: {
        order: { id: ID, number: 1042, name: 'Иван' },
        from: 1500,
        to: 5400,
        reason: 'Две страницы вместо одной',
        publicUrl: URL,
      },
    },
    orderOf({ amount: 5400 }),
  ],
  [
    {
      template: 'order-refunded',
      params: {
        order: { id: ID, number: 1042, name: 'Иван' },
        amount: 1200.5,
        reason: 'Один документ не переводили',
        refundedTotal: 1200.5,
        paid: 5400,
        online: true,
        publicUrl: URL,
      },
    },
    orderOf({ amount: 5400, isPaid: true, canPay: false, status: 'PAID' }),
  ],
  [
    {
      template: 'payment-link',
      params: {
        order: { number: 7, name: 'Иван', amount: 1500.5 },
        paymentUrl: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=2f1a',
      },
    },
    orderOf({ amount: 1500.5 }),
  ],
];

describe('mail templates', () => {
  it('has one render function per template name, and every one is tested here', () => {
    expect(Object.keys(MAIL_TEMPLATES).sort()).toEqual(
      [...new Set(EVERY_MAIL.map(([message]) => message.template))].sort(),
    );
  });

  it.each(EVERY_MAIL)(
    '%o: branded HTML (header, footer with support and seller requisites) and a text part',
    (message, order) => {
      const mail = renderMail(message, { brand: BRAND, order });
      const html = mail.html ?? '';
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain('<table role="presentation"');
      expect(html).toContain('Перевод документов');
      expect(html).not.toMatch(/<style|class="/); // inline styles only: mail clients drop style sheets
      for (const piece of [
        'https://t.me/perevod_support',
        'https://wa.me/74950000000',
        'ИНН 7707083893, КПП 770701001',
      ]) {
        expect(html).toContain(piece);
        expect(mail.text).toContain(piece);
      }
      expect(html).toContain('ООО «Бюро переводов»');
      expect(mail.text).toContain('125009, г. Москва, ул. Тверская, д. 12');
      expect(mail.text.length).toBeGreaterThan(40);
      expect(mail.text).not.toMatch(/<[a-z]/i);
    },
  );

  it('order-amount-changed: old → new with the reason, the cabinet link and a pay button at the new amount', () => {
    const entry = EVERY_MAIL.find(([message]) => message.template === 'order-amount-changed')!;
    const mail = renderMail(entry[0], { brand: BRAND, order: entry[1] });
    expect(mail.subject).toBe('Заказ №1042: сумма изменена');
    expect(mail.text).toContain(
      `Мы изменили сумму заказа №1042: было ${formatRub(1500)}, стало ${formatRub(5400)}.`,
    );
    expect(mail.text).toContain('Причина: Две страницы вместо одной');
    expect(mail.text).toContain(`${URL}/cabinet/orders/${ID}`);
    expect(mail.html).toContain(`Оплатить ${formatRub(5400)}`);
  });

  it('payment-link: the provider page for the unpaid amount, and the status page pay button beside it', () => {
    const entry = EVERY_MAIL.find(([message]) => message.template === 'payment-link')!;
    const mail = renderMail(entry[0], { brand: BRAND, order: entry[1] });
    expect(mail.subject).toBe('Ссылка на оплату заказа №7');
    expect(mail.text).toContain(`на сумму ${formatRub(1500.5)}`);
    expect(mail.html).toContain('href="https://yoomoney.ru/checkout/payments/v2/contract?orderId=2f1a"');
    expect(mail.html).toContain(`Перейти к оплате ${formatRub(1500.5)}`);
    expect(mail.text).toContain(`${URL}/order-status/`);
  });

  it('order-refunded: the amount, the reason, where the money goes, refunded of paid and no pay button', () => {
    const entry = EVERY_MAIL.find(([message]) => message.template === 'order-refunded')!;
    const mail = renderMail(entry[0], { brand: BRAND, order: entry[1] });
    expect(mail.subject).toBe(`Заказ №1042: возврат ${formatRub(1200.5)}`);
    expect(mail.text).toContain(`Мы вернули ${formatRub(1200.5)} по заказу №1042.`);
    expect(mail.text).toContain('Причина: Один документ не переводили');
    expect(mail.text).toContain('на карту или счёт, с которых был оплачен заказ');
    expect(mail.text).toContain(`Всего возвращено ${formatRub(1200.5)} из ${formatRub(5400)}.`);
    expect(mail.text).toContain(`${URL}/cabinet/orders/${ID}`);
    expect(mail.html).not.toContain('Оплатить');
  });

  it('order-results-ready: the files sent and a button to the cabinet order', () => {
    const mail = renderMail(EVERY_MAIL[1]![0], { brand: BRAND, order: EVERY_MAIL[1]![1] });
    expect(mail.subject).toBe('Заказ №1042: перевод готов');
    expect(mail.text).toContain('По заказу №1042 готовы файлы:\n— перевод.pdf\n— скан.jpg');
    expect(mail.text).toContain(`${URL}/cabinet/orders/${ID}`);
    expect(mail.html).toMatch(
      new RegExp(`<a href="${URL}/cabinet/orders/${ID}"[^>]*>Скачать в личном кабинете</a>`),
    );
  });

  it('order mails: the order summary (documents, languages, pickup point with address and hours) and the status link', () => {
    const order = orderOf();
    const mail = renderMail(confirmation(), { brand: BRAND, order });
    for (const part of [mail.html!, mail.text]) {
      expect(part).toContain('Паспорт × 2');
      expect(part).toContain('Русский → Английский');
      expect(part).toMatch(/ПВЗ «Таганская», Москва, ул\. Марксистская, д\. 3/);
      expect(part).toContain('Часы работы: Пн–Сб 10:00–20:00');
      expect(part).toContain('01.03.2026');
      expect(part).toContain(order.statusUrl);
    }
    // A free line reads «Бесплатно»; whole amounts have no kopecks.
    expect(mail.text).toContain('Пункт выдачи: Бесплатно');
    // A row of several lines stays one line of the text part.
    expect(mail.text).toContain('Документы: Паспорт × 2; Диплом\n');
    expect(mail.text).toContain(`Итого: 3${NBSP}000${NBSP}₽`);
    expect(mail.text).toContain(`Войти в личный кабинет (ссылка одноразовая): ${URL}/login?id=1&hash=x`);
    expect(mail.html).toContain(`href="${URL}/login?id=1&amp;hash=x"`);
  });

  it('a courier order shows the address it goes to', () => {
    const order = orderOf(
      { delivery: { type: 'COURIER', name: 'Курьер', price: 350, place: null } },
      'Москва, ул. Ленина, д. 1, кв./офис 5',
    );
    const mail = renderMail(confirmation(), { brand: BRAND, order });
    expect(mail.text).toContain('Москва, ул. Ленина, д. 1, кв./офис 5');
    expect(mail.text).toContain(`Стоимость доставки: 350${NBSP}₽`);
  });

  it('an unpaid order has a pay button; a paid or canceled one does not', () => {
    const unpaid = renderMail(confirmation(), { brand: BRAND, order: orderOf() });
    const button = new RegExp(`<a href="${URL}/order-status/a{64}"[^>]*>Оплатить 3${NBSP}000${NBSP}₽</a>`);
    expect(unpaid.html).toMatch(button);
    expect(unpaid.text).toContain(`Оплатить 3${NBSP}000${NBSP}₽: ${URL}/order-status/${'a'.repeat(64)}`);
    for (const patch of [
      { isPaid: true, canPay: false },
      { status: 'CANCELED', canPay: false },
    ] as const) {
      const mail = renderMail(confirmation(), { brand: BRAND, order: orderOf(patch) });
      expect(mail.html).not.toContain('Оплатить');
      expect(mail.html).toContain('Статус заказа без входа в кабинет');
    }
  });

  it('escapes values a customer typed: a hostile name, document or point cannot inject HTML', () => {
    const order = orderOf({
      documents: [{ name: HOSTILE, quantity: 1 }],
      delivery: {
        type: 'PICKUP_POINT',
        name: HOSTILE,
        price: 0,
        place: { name: HOSTILE, address: HOSTILE, schedule: HOSTILE },
      },
    });
    const mails = [
      renderMail(confirmation(HOSTILE), { brand: BRAND, order }),
      renderMail(
        {
          template: 'order-status-changed',
          params: {
            order: { id: ID, number: 1, name: HOSTILE },
            label: 'Готов',
            comment: HOSTILE,
            publicUrl: URL,
          },
        },
        { brand: BRAND, order },
      ),
      renderMail(
        {
          template: 'act-exchange-reminder',
          params: {
            orders: [{ id: ID, number: 5, amount: 1, name: HOSTILE, organizationName: HOSTILE }],
            publicUrl: URL,
          },
        },
        { brand: BRAND, order: null },
      ),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&lt;script&gt;');
      // The text part is plain text: the value as typed.
      expect(mail.text).toContain(HOSTILE);
    }
  });

  it('keeps the messages: subjects, codes and links (after the confirmation and the results mail)', () => {
    const [status, received, reminder, act, code, change, locked] = EVERY_MAIL.slice(2).map(
      ([message, order]) => renderMail(message, { brand: BRAND, order }),
    );
    expect(renderMail(confirmation(), { brand: BRAND, order: orderOf() }).subject).toBe('Заказ №1042 принят');
    expect(status!.subject).toBe('Заказ №1042: готов');
    expect(status!.text).toContain('Статус заказа №1042 — «Готов».');
    expect(status!.text).toContain('Комментарий: Забрать в офисе');
    expect(status!.text).toContain(`Заказ в личном кабинете: ${URL}/cabinet/orders/${ID}`);
    expect(received!.subject).toBe('Оплата заказа №7 получена');
    expect(received!.text).toContain(`Мы получили оплату заказа №7 на сумму 1${NBSP}500,50${NBSP}₽.`);
    expect(reminder!.subject).toBe('Заказ №7 ждёт оплаты');
    expect(reminder!.text).toContain(`на сумму 1${NBSP}500,50${NBSP}₽ ещё не оплачен`);
    expect(act!.subject).toBe('Подпишите акт по заказу №5');
    expect(act!.text).toContain(`Заказ №5 на 1${NBSP}000${NBSP}₽: ${URL}/cabinet/orders/${ID}`);
    expect(act!.text).toContain('организации «ООО «Ромашка»»');
    expect(code!.subject).toBe('Код для входа: 123456');
    expect(code!.text).toContain('123456');
    expect(code!.html).toContain(`href="${URL}/l?a=1&amp;hash=h"`);
    expect(change!.subject).toBe('Код подтверждения e-mail: 654321');
    expect(change!.text).toContain('Код действует 10 минут.');
    expect(locked!.subject).toBe('Вход временно заблокирован после неудачных попыток');
    expect(locked!.text).toMatch(
      /Вход в кабинет партнёра для a@example\.ru временно заблокирован: подряд неверных паролей — 5\.\nВойти снова можно после 1 марта(,| в) 12:30 \(МСК\)\./,
    );
    const two = renderMail(
      {
        template: 'act-exchange-reminder',
        params: {
          orders: [
            { id: 'a', number: 5, amount: 1000, name: 'Ольга', organizationName: null },
            { id: 'b', number: 6, amount: 2000, name: 'Ольга', organizationName: null },
          ],
          publicUrl: URL,
        },
      },
      { brand: BRAND, order: null },
    );
    expect(two.subject).toBe('Подпишите акты по выполненным заказам (2)');
    expect(two.text).toContain(`Заказ №6 на 2${NBSP}000${NBSP}₽: ${URL}/cabinet/orders/b`);
  });

  it('partner programme mails: the applicant to admins, the set-password link, the refusal reason', () => {
    const render = (message: MailMessage) => renderMail(message, { brand: BRAND, order: null });
    const byTemplate = (name: string) => EVERY_MAIL.filter(([message]) => message.template === name);
    const [received] = byTemplate('partner-application-received').map(([m]) => render(m));
    const [approved, refused] = byTemplate('partner-application-decided').map(([m]) => render(m));
    const [reset] = byTemplate('partner-password-reset').map(([m]) => render(m));
    expect(received!.subject).toBe('Заявка в партнёрскую программу: olga@example.ru');
    expect(received!.text).toContain('Ольга, Блог о визах, olga@example.ru хочет стать партнёром.');
    expect(received!.text).toContain(`${URL}/crm/partner-program/applications`);
    expect(approved!.subject).toBe('Вы — партнёр: установите пароль');
    expect(approved!.html).toContain(`href="${URL}/partner/set-password?token=t"`);
    expect(approved!.text).toContain('действует 72 часа');
    expect(refused!.text).toContain('Причина: Сайт не о переводах');
    expect(reset!.html).toContain(`href="${URL}/partner/set-password?token=t"`);
  });
});

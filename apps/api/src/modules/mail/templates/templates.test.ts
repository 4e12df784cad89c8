import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, renderMail } from './index.ts';

const URL = 'https://example.ru';
const ID = '11111111-2222-3333-4444-555555555555';
const NBSP = '\u00a0';

/** The texts as they were written inline in the services before the templates module (decision 029). */
describe('mail templates', () => {
  it('order-confirmation: the lines, the total, the ready date and the sign-in link', () => {
    const mail = renderMail({
      template: 'order-confirmation',
      params: {
        order: {
          name: 'Анна <Ли>',
          number: 1042,
          amount: 3000,
          estimatedReadyDate: '2026-03-01',
          priceBreakdown: {
            lines: [
              { name: 'Паспорт', quantity: 2, total: 2000 },
              { name: 'Диплом', quantity: 1, total: 1000 },
            ],
          },
        },
        signInLink: `${URL}/login?id=1&hash=x`,
      },
    });
    expect(mail.subject).toBe('Заказ №1042 принят');
    expect(mail.text).toBe(
      [
        'Здравствуйте, Анна <Ли>!',
        '',
        'Мы приняли ваш заказ №1042 на перевод документов.',
        '',
        `Паспорт × 2: 2${NBSP}000${NBSP}₽`,
        `Диплом: 1${NBSP}000${NBSP}₽`,
        `Итого: 3${NBSP}000${NBSP}₽`,
        '',
        'Ориентировочная дата готовности: 01.03.2026',
        '',
        'Что дальше: оплатите заказ — переводчик начнёт работу сразу после оплаты. Статус заказа можно отслеживать в личном кабинете:',
        `${URL}/login?id=1&hash=x`,
      ].join('\n'),
    );
    expect(mail.html).toContain('<p>Здравствуйте, Анна &lt;Ли&gt;!</p>');
    expect(mail.html).toContain(`<a href="${URL}/login?id=1&amp;hash=x">Открыть заказ в личном кабинете</a>`);
  });

  it('order-status-changed, payment-received and payment-reminder link the order in the cabinet', () => {
    const order = { id: ID, number: 7, name: 'Иван', amount: 1500.5 };
    expect(
      renderMail({
        template: 'order-status-changed',
        params: { order, label: 'Готов', comment: 'Забрать в офисе', publicUrl: URL },
      }),
    ).toEqual({
      subject: 'Заказ №7: готов',
      text: `Здравствуйте, Иван!\n\nСтатус заказа №7 — «Готов».\nКомментарий: Забрать в офисе\n\nЗаказ в личном кабинете: ${URL}/cabinet/orders/${ID}`,
      html: null,
    });
    expect(renderMail({ template: 'payment-received', params: { order, publicUrl: URL } })).toEqual({
      subject: 'Оплата заказа №7 получена',
      text:
        `Здравствуйте, Иван!\n\nМы получили оплату заказа №7 на сумму 1${NBSP}500,50${NBSP}₽.\n` +
        'Переводчик приступает к работе. Мы сообщим, когда перевод будет готов.\n\n' +
        `Заказ в личном кабинете: ${URL}/cabinet/orders/${ID}`,
      html: null,
    });
    expect(renderMail({ template: 'payment-reminder', params: { order, publicUrl: URL } }).text).toBe(
      `Здравствуйте, Иван!\n\nВаш заказ №7 на перевод документов на сумму 1${NBSP}500,50${NBSP}₽ ещё не оплачен. ` +
        `Переводчик начнёт работу сразу после оплаты.\n\nОплатить заказ можно в личном кабинете: ${URL}/cabinet/orders/${ID}\n\n` +
        'Если вы уже оплатили заказ или передумали, просто не обращайте внимания на это письмо.',
    );
  });

  it('act-exchange-reminder: one order or several in one message', () => {
    const base = { name: 'Ольга', organizationName: 'ООО «Ромашка»' };
    const one = renderMail({
      template: 'act-exchange-reminder',
      params: { orders: [{ ...base, id: ID, number: 5, amount: 1000 }], publicUrl: URL },
    });
    expect(one.subject).toBe('Подпишите акт по заказу №5');
    const two = renderMail({
      template: 'act-exchange-reminder',
      params: {
        orders: [
          { ...base, id: 'a', number: 5, amount: 1000 },
          { ...base, id: 'b', number: 6, amount: 2000 },
        ],
        publicUrl: URL,
      },
    });
    expect(two.subject).toBe('Подпишите акты по выполненным заказам (2)');
    expect(two.text).toBe(
      'Здравствуйте, Ольга!\n\nПо выполненным заказам организации «ООО «Ромашка»» мы ещё не получили подписанные ' +
        `акты выполненных работ:\n• заказ №5 на 1${NBSP}000${NBSP}₽: ${URL}/cabinet/orders/a\n` +
        `• заказ №6 на 2${NBSP}000${NBSP}₽: ${URL}/cabinet/orders/b\n\n` +
        'Акт можно скачать на странице заказа в личном кабинете. Подпишите его и отправьте нам скан ' +
        'или оригинал — так мы закроем документы по заказу.',
    );
  });

  it('sign-in-code, email-change-code and sign-in-locked', () => {
    const code = renderMail({
      template: 'sign-in-code',
      params: { code: '123456', link: `${URL}/l?a=1&hash=h` },
    });
    expect(code.subject).toBe('Код для входа: 123456');
    expect(code.text).toBe(
      'Ваш код для входа в личный кабинет: 123456\n' +
        'Код действует 10 минут. Если вы не запрашивали код, просто проигнорируйте это письмо.\n\n' +
        `Или войдите по ссылке: ${URL}/l?a=1&hash=h\n`,
    );
    expect(code.html).toContain(`<a href="${URL}/l?a=1&amp;hash=h">Войти в личный кабинет</a>`);
    expect(renderMail({ template: 'email-change-code', params: { code: '654321' } })).toEqual({
      subject: 'Код подтверждения e-mail: 654321',
      text: 'Код для подтверждения нового адреса в личном кабинете: 654321\nКод действует 10 минут.',
      html: null,
    });
    const locked = renderMail({
      template: 'sign-in-locked',
      params: {
        email: 'a@example.ru',
        realm: 'partner',
        failures: 5,
        lockedUntil: new Date('2026-03-01T09:30:00Z'),
      },
    });
    expect(locked.subject).toBe('Вход временно заблокирован после неудачных попыток');
    expect(locked.text).toMatch(
      /^Вход в кабинет партнёра для a@example\.ru временно заблокирован: подряд неверных паролей — 5\.\nВойти снова можно после 1 марта(,| в) 12:30 \(МСК\)\./,
    );
    expect(locked.html).toBe(`<p>${locked.text.replace(/\n/g, '<br>')}</p>`);
  });

  it('order-results-ready: the files sent and the cabinet link', () => {
    expect(
      renderMail({
        template: 'order-results-ready',
        params: {
          order: { id: ID, number: 1042, name: 'Анна' },
          files: ['перевод.pdf', 'скан.jpg'],
          publicUrl: URL,
        },
      }),
    ).toEqual({
      subject: 'Заказ №1042: перевод готов',
      text:
        'Здравствуйте, Анна!\n\nПо заказу №1042 готовы файлы:\n— перевод.pdf\n— скан.jpg\n\n' +
        `Скачать их можно в личном кабинете: ${URL}/cabinet/orders/${ID}`,
      html: null,
    });
  });

  it('has one render function per template name', () => {
    expect(Object.keys(MAIL_TEMPLATES).sort()).toEqual([
      'act-exchange-reminder',
      'email-change-code',
      'order-confirmation',
      'order-results-ready',
      'order-status-changed',
      'payment-received',
      'payment-reminder',
      'sign-in-code',
      'sign-in-locked',
    ]);
  });
});

import {
  addWorkingDays,
  calculatePrice,
  MESSAGES,
  moscowDate,
  type FormParamsResponse,
  type OrderSummary,
} from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { RouterNavigationLayout } from '@/app/router-navigation';
import { configureApiClient } from '@/lib/api-client';
import { formatRub } from '@/lib/format';
import { STORAGE_KEYS } from '@/lib/storage';
import { formParamsQueryOptions } from '../api/form-params';
import { OrderDraftContext } from '../hooks/use-order-draft';
import { createEmptyDraft, type OrderDraft } from '../model/draft';
import { loadDeferredModel } from '../model/deferred-model';
import { createOrderDraftStore, type OrderDraftStore } from '../model/draft-store';
import { OrderStep1 } from './order-step1';
import { OrderStep2 } from './order-step2';
import { OrderStep3 } from './order-step3';

const PASSPORT = '11111111-1111-4111-8111-111111111111';
const DIPLOMA = '22222222-2222-4222-8222-222222222222';
const NOTARY = '33333333-3333-4333-8333-333333333333';
const PICKUP = '44444444-4444-4444-8444-444444444444';
const POINT = '55555555-5555-4555-8555-555555555555';

const PARAMS: FormParamsResponse = {
  documents: [
    { id: PASSPORT, type: 'passport', name: 'Паспорт', price: 1500, processingDays: 1 },
    { id: DIPLOMA, type: 'diploma', name: 'Диплом', price: 2499.99, processingDays: 2 },
  ],
  assurances: [
    { id: NOTARY, type: 'notarization', name: 'Нотариальное заверение', price: 1200, extraDays: 1 },
  ],
  deliveries: [{ id: PICKUP, type: 'PICKUP_POINT', name: 'Пункт выдачи', price: 150, description: null }],
  languages: [
    { code: 'ru', name: 'Русский' },
    { code: 'en', name: 'Английский' },
  ],
  offices: [],
  calendar: { nonWorkingDays: [], workingWeekendDays: [] },
  tariffs: [],
};

function draftWith(patch: (draft: OrderDraft) => void): OrderDraft {
  const draft = createEmptyDraft();
  draft.step1.documentsWithQuantity = [
    { documentId: PASSPORT, quantity: 2 },
    { documentId: DIPLOMA, quantity: 3 },
  ];
  draft.step1.documentsAssurances = [{ documentId: PASSPORT, assuranceId: NOTARY }];
  draft.step1.originalLanguage = 'ru';
  draft.step1.targetLanguage = 'en';
  draft.step2 = {
    ...draft.step2,
    name: 'Анна Смирнова',
    phoneNumber: '+7 (916) 123-45-67',
    email: 'anna@example.ru',
  };
  patch(draft);
  return draft;
}

function storeWith(draft: OrderDraft): OrderDraftStore {
  window.localStorage.setItem(STORAGE_KEYS.orderDraft, JSON.stringify(draft));
  return createOrderDraftStore();
}

function renderPage(
  element: ReactElement,
  store: OrderDraftStore,
  path = '/order/step-1',
  params: FormParamsResponse = PARAMS,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(formParamsQueryOptions.queryKey, params);
  queryClient.setQueryData(
    ['order', 'points', 'active'],
    [
      {
        id: POINT,
        code: 'MSK-002',
        name: 'ПВЗ «Таганская»',
        schedule: 'Пн–Сб 10:00–20:00',
        address: 'Москва, ул. Марксистская, д. 3',
        lat: 55.74,
        lon: 37.65,
        partnerId: null,
        description: null,
        email: null,
        phone: null,
        photos: [],
        isActive: true,
        type: 'pickup',
        metro: 'Таганская',
        metroColor: '#943E90',
      },
    ],
  );
  const router = createMemoryRouter(
    [
      {
        Component: RouterNavigationLayout,
        children: [
          {
            path: path,
            element: <OrderDraftContext.Provider value={store}>{element}</OrderDraftContext.Provider>,
          },
          { path: '*', element: <div data-testid="elsewhere" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

// Mantine's autosizing textarea listens to font loading, which jsdom does not implement.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}

describe('order form', () => {
  // Step 1's fields and the pricing code are lazy chunks (decision 013); loaded once here, as a browser has them
  // cached, so that a slow first transform does not outlast the queries' timeouts.
  beforeAll(async () => {
    await Promise.all([import('./step1-form'), loadDeferredModel()]);
  });
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the total and lines that calculatePrice (the server rule) gives for the draft', async () => {
    const draft = draftWith(() => undefined);
    renderPage(<OrderStep1 />, storeWith(draft));
    const expected = calculatePrice(PARAMS, {
      documentsWithQuantity: draft.step1.documentsWithQuantity,
      documentsAssurances: draft.step1.documentsAssurances,
      deliveryPrice: 0,
      discountPercent: 0,
    });
    expect(expected.total).toBe(12_899.97);
    const total = await screen.findByTestId('bottom-bar-total');
    // The pricing code and the fields arrive after the first paint (decision 013).
    await waitFor(() => expect(total.textContent).toBe(formatRub(expected.total)));
    fireEvent.click(screen.getByRole('button', { name: /Итого/ }));
    const summary = screen.getByTestId('price-summary').textContent;
    expect(summary).toContain(`Диплом × 3${formatRub(7499.97)}`);
    expect(summary).toContain(`Нотариальное заверение — Паспорт × 2${formatRub(2400)}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Увеличить количество: Паспорт' }));
    expect(total.textContent).toBe(formatRub(expected.total + 1500 + 1200));
  });

  it('prints whole rubles without kopecks, kopecks only where present, and «Бесплатно» for a free delivery', async () => {
    const FREE = '66666666-6666-4666-8666-666666666666';
    const params: FormParamsResponse = {
      ...PARAMS,
      deliveries: [
        ...PARAMS.deliveries,
        { id: FREE, type: 'PICKUP_POINT', name: 'Самовывоз из офиса', price: 0, description: null },
      ],
    };
    const draft = draftWith((value) => {
      value.step3.deliveryId = FREE;
    });
    renderPage(<OrderStep1 />, storeWith(draft), '/order/step-1', params);
    const total = await screen.findByTestId('bottom-bar-total');
    await waitFor(() => expect(total.textContent).toBe('12\u00A0899,97\u00A0₽'));
    fireEvent.click(screen.getByRole('button', { name: /Итого/ }));
    const summary = screen.getByTestId('price-summary').textContent;
    expect(summary).toContain('Паспорт × 23\u00A0000\u00A0₽');
    expect(summary).toContain('Диплом × 37\u00A0499,97\u00A0₽');
    expect(summary).toContain('Самовывоз из офисаБесплатно');
    expect(summary).not.toContain(',00');
  });

  it('shows the instant quote of the uploaded files and puts its pages into the order', async () => {
    const FREE_FORM = '66666666-6666-4666-8666-666666666666';
    const params: FormParamsResponse = {
      ...PARAMS,
      documents: [
        ...PARAMS.documents,
        { id: FREE_FORM, type: 'free_form', name: 'Документ свободной формы', price: 900, processingDays: 2 },
      ],
    };
    const file = (name: string, quote: OrderDraft['step1']['files'][number]['quote']) => ({
      id: `00000000-0000-4000-8000-00000000000${name.length % 10}`,
      name,
      size: 1000,
      mimeType: 'application/pdf',
      token: `upload-token-${name}-0123456789abcdef`,
      quote,
    });
    const store = storeWith(
      draftWith((draft) => {
        draft.step1.documentsWithQuantity = [{ documentId: PASSPORT, quantity: 1 }];
        draft.step1.documentsAssurances = [];
        draft.step1.files = [
          file('passport.pdf', { status: 'counted', pages: 3, characters: null }),
          file('letter.docx', { status: 'counted', pages: 2, characters: 5400 }),
          file('old.doc', { status: 'uncounted' }),
        ];
      }),
    );
    renderPage(<OrderStep1 />, store, '/order/step-1', params);
    const quote = await screen.findByRole('region', { name: 'Оценка по файлам' });
    const text = quote.textContent!.replace(/\u00A0/g, ' ');
    expect(text).toContain('Оценка по файлам: ≈ 6 страниц');
    expect(text).toContain('3 страницы по файлу passport.pdf');
    expect(text).toContain('5 400 знаков ≈ 3 страницы (letter.docx)');
    expect(text).toContain('old.doc: не удалось посчитать');
    expect(text).toContain(`Документ свободной формы: ≈ ${formatRub(5400).replace(/\u00A0/g, ' ')}`);
    expect(text).toContain('Часть файлов не удалось посчитать.');

    fireEvent.click(within(quote).getByRole('button', { name: /^Посчитать как 6\sстраниц$/ }));
    expect(store.getDraft().step1.documentsWithQuantity).toEqual([
      { documentId: PASSPORT, quantity: 1 },
      { documentId: FREE_FORM, quantity: 6 },
    ]);
    expect(await within(quote).findByText('Учтено в заказе')).toBeInTheDocument();
    const total = await screen.findByTestId('bottom-bar-total');
    await waitFor(() => expect(total.textContent).toBe(formatRub(1500 + 5400)));
  });

  it('adds the document chosen in the picker; stepping keys open the list instead of adding', async () => {
    const store = storeWith(createEmptyDraft());
    renderPage(<OrderStep1 />, store);
    const picker = await screen.findByRole('combobox', { name: 'Документ' });
    expect(picker).toHaveValue('');

    // On Windows and Linux an arrow on a closed select would choose the next option at once.
    const arrow = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    picker.dispatchEvent(arrow);
    expect(arrow.defaultPrevented).toBe(true);
    const letter = new KeyboardEvent('keydown', { key: 'Д', bubbles: true, cancelable: true });
    picker.dispatchEvent(letter);
    expect(letter.defaultPrevented).toBe(false);
    expect(store.getDraft().step1.documentsWithQuantity).toEqual([]);

    fireEvent.change(picker, { target: { value: DIPLOMA } });
    expect(store.getDraft().step1.documentsWithQuantity).toEqual([{ documentId: DIPLOMA, quantity: 1 }]);
    expect(await screen.findByRole('region', { name: 'Диплом' })).toBeInTheDocument();
    // The picker shows its prompt again, under a new label, without the chosen document.
    const next = screen.getByRole('combobox', { name: 'Добавить ещё документ' });
    expect(next).toHaveValue('');
    expect(within(next).queryByRole('option', { name: 'Диплом' })).toBeNull();
    expect(within(next).getByRole('option', { name: 'Паспорт' })).toBeInTheDocument();
  });

  it('hides the support widget while the document list is open and brings it back once a document is chosen', async () => {
    const store = storeWith(createEmptyDraft());
    renderPage(<OrderStep1 />, store);
    const picker = await screen.findByRole('combobox', { name: 'Документ' });
    const isHidden = () => document.body.dataset.documentDropdownOpen === 'true';
    expect(isHidden()).toBe(false);

    // A tap focuses the select and opens the system list.
    fireEvent.pointerDown(picker);
    fireEvent.focus(picker);
    expect(isHidden()).toBe(true);
    // The choice closes the list; the select keeps focus, but the widget is back.
    fireEvent.change(picker, { target: { value: DIPLOMA } });
    expect(isHidden()).toBe(false);

    // Opening it again from the keyboard hides the widget; Escape closes the list and brings it back.
    const next = await screen.findByRole('combobox', { name: 'Добавить ещё документ' });
    fireEvent.keyDown(next, { key: ' ' });
    expect(isHidden()).toBe(true);
    fireEvent.keyDown(next, { key: 'Escape' });
    expect(isHidden()).toBe(false);
    fireEvent.pointerDown(next);
    expect(isHidden()).toBe(true);
    fireEvent.blur(next);
    expect(isHidden()).toBe(false);
  });

  it('prices with the tariff of the chosen language pair at once and moves the ready date', async () => {
    const params: FormParamsResponse = {
      ...PARAMS,
      languages: [...PARAMS.languages, { code: 'de', name: 'Немецкий' }],
      tariffs: [
        {
          id: '66666666-6666-4666-8666-666666666666',
          name: 'Паспорт на немецкий',
          originalLanguage: null,
          targetLanguage: 'de',
          documentTypeId: PASSPORT,
          pricePercent: 150,
          surcharge: 100,
          extraDays: 2,
          sortOrder: 0,
        },
      ],
    };
    const store = storeWith(draftWith(() => undefined));
    renderPage(<OrderStep1 />, store, '/order/step-1', params);
    const total = await screen.findByTestId('bottom-bar-total');
    // The pricing code arrives after the first paint (model/deferred-model.ts).
    await waitFor(() => expect(total.textContent).toBe(formatRub(12_899.97)));
    expect(screen.queryByTestId('document-tariff')).toBeNull();
    const readyDate = (days: number) =>
      addWorkingDays(moscowDate(new Date()), days, { nonWorkingDays: new Set() });
    fireEvent.click(screen.getByRole('button', { name: /Итого/ }));
    expect(screen.getByTestId('summary-ready-date').querySelector('time')).toHaveAttribute(
      'datetime',
      readyDate(2),
    );

    act(() => store.update((draft) => ({ ...draft, step1: { ...draft.step1, targetLanguage: 'de' } })));
    // Passport: 1 500 × 150 % + 100 = 2 350 ₽ × 2; the diploma and the assurance keep their prices.
    expect(total.textContent).toBe(formatRub(4700 + 7499.97 + 2400));
    const passport = await screen.findByRole('region', { name: 'Паспорт' });
    expect(within(passport).getByTestId('document-unit-price').textContent).toBe(
      `${formatRub(2350)} за документ`,
    );
    expect(passport).toHaveTextContent('Тариф «Паспорт на немецкий»');
    expect(screen.getByTestId('price-summary')).toHaveTextContent('Тариф «Паспорт на немецкий»');
    // Passport 1 day + notarization 1 + tariff 2 = 4 working days.
    expect(screen.getByTestId('summary-ready-date').querySelector('time')).toHaveAttribute(
      'datetime',
      readyDate(4),
    );
  });

  it('shows the INN error next to the INN field, from the contract schema', async () => {
    const draft = draftWith((value) => {
      value.step2.payerType = 'ORGANIZATION';
      value.step2.organizationInn = '7707083894';
      value.step2.organizationName = 'ООО «Ромашка»';
      value.step2.organizationAddress = 'Москва';
    });
    renderPage(<OrderStep2 />, storeWith(draft), '/order/step-2');
    fireEvent.click(await screen.findByRole('button', { name: 'Далее' }));
    const inn = screen.getByRole('textbox', { name: /ИНН/ });
    await waitFor(() => expect(inn).toHaveAttribute('aria-invalid', 'true'));
    expect(inn).toHaveAccessibleDescription(MESSAGES.invalidInn);
    expect(screen.getByRole('textbox', { name: /Название организации/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );

    fireEvent.change(inn, { target: { value: '7707083893' } });
    await waitFor(() => expect(inn).not.toHaveAttribute('aria-invalid', 'true'));
  });

  /** The API as the suggestions routes answer it (decision 039); any other call fails the test. */
  function answerSuggestions(isEnabled: boolean) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
      const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });
      if (url.endsWith('/api/suggestions/status')) return json({ isEnabled });
      if (url.endsWith('/api/suggestions/party')) {
        return json({
          party:
            body.inn === '7707083893'
              ? {
                  inn: '7707083893',
                  kpp: '773601001',
                  name: 'ПАО СБЕРБАНК',
                  address: 'г Москва, ул Вавилова, д 19',
                }
              : null,
        });
      }
      if (url.endsWith('/api/suggestions/address')) {
        return json({
          items: [
            { value: 'г Москва, ул Тверская, д 7', coordinates: [55.7575, 37.613] },
            { value: 'г Москва, ул Тверская, д 9', coordinates: null },
          ],
        });
      }
      throw new Error(`unexpected request ${url}`);
    });
  }

  it('fills the organization by a found INN and says when none is found', async () => {
    answerSuggestions(true);
    const store = storeWith(draftWith((value) => (value.step2.payerType = 'ORGANIZATION')));
    renderPage(<OrderStep2 />, store, '/order/step-2');
    const inn = await screen.findByRole('textbox', { name: /ИНН/ });
    fireEvent.change(inn, { target: { value: '7736207543' } });
    expect(await screen.findByText(/Организация с таким ИНН не найдена/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Название организации/ })).toHaveValue('');

    fireEvent.change(inn, { target: { value: '7707083893' } });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Название организации/ })).toHaveValue('ПАО СБЕРБАНК'),
    );
    expect(screen.getByRole('textbox', { name: /КПП/ })).toHaveValue('773601001');
    expect(screen.getByRole('textbox', { name: /Юридический адрес/ })).toHaveValue(
      'г Москва, ул Вавилова, д 19',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Нашли «ПАО СБЕРБАНК» — проверьте название, КПП и адрес',
    );
    expect(store.getDraft().step2).toMatchObject({
      organizationName: 'ПАО СБЕРБАНК',
      organizationKpp: '773601001',
    });
  });

  it('offers courier addresses from the suggestions, and none without a provider', async () => {
    const COURIER = '77777777-7777-4777-8777-777777777777';
    const params: FormParamsResponse = {
      ...PARAMS,
      deliveries: [{ id: COURIER, type: 'COURIER', name: 'Курьер', price: 500, description: null }],
    };
    const courierDraft = () =>
      draftWith((value) => {
        value.step3.deliveryId = COURIER;
        value.step3.deliveryType = 'COURIER';
      });
    answerSuggestions(true);
    const store = storeWith(courierDraft());
    const page = renderPage(<OrderStep3 />, store, '/order/step-3', params);
    await screen.findByText('Начните вводить — предложим адреса');
    const address = screen.getByRole('combobox', { name: /Адрес/ });
    fireEvent.focus(address);
    fireEvent.change(address, { target: { value: 'Тверск' } });
    fireEvent.click(await screen.findByRole('option', { name: 'г Москва, ул Тверская, д 9' }));
    expect(store.getDraft().step3.address).toBe('г Москва, ул Тверская, д 9');
    page.unmount();

    answerSuggestions(false);
    renderPage(<OrderStep3 />, storeWith(courierDraft()), '/order/step-3', params);
    const plain = await screen.findByRole('textbox', { name: /Адрес/ });
    fireEvent.change(plain, { target: { value: 'Тверская' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('combobox', { name: /Адрес/ })).toBeNull();
    expect(screen.queryByRole('option')).toBeNull();
    expect(
      fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('address')),
    ).toHaveLength(1);
  });

  it('restores the draft after a remount from local storage (a reload)', async () => {
    const first = renderPage(<OrderStep2 />, storeWith(draftWith(() => undefined)), '/order/step-2');
    fireEvent.change(await screen.findByRole('textbox', { name: /Имя/ }), { target: { value: 'Мария' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Комментарий/ }), { target: { value: 'Срочно' } });
    first.unmount();

    // A fresh store reads only what was stored, like a page after a reload.
    renderPage(<OrderStep2 />, createOrderDraftStore(), '/order/step-2');
    expect(await screen.findByRole('textbox', { name: /Имя/ })).toHaveValue('Мария');
    expect(screen.getByRole('textbox', { name: /Комментарий/ })).toHaveValue('Срочно');
  });

  it('sends a changed order of the same draft (a second tab) under a new Idempotency-Key', async () => {
    const draft = draftWith((value) => {
      value.step3.deliveryId = PICKUP;
      value.step3.deliveryType = 'PICKUP_POINT';
      value.step3.pickupPointId = POINT;
    });
    const order: Partial<OrderSummary> = { id: '66666666-6666-4666-8666-666666666666', number: 7 };
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(order), { status: 201 })));
    // Tab A sends the draft; tab B (the same stored draft, so the same draft key) changes the comment and sends.
    const sendFrom = async (tabDraft: OrderDraft) => {
      const tab = renderPage(<OrderStep3 />, storeWith(tabDraft), '/order/step-3');
      fireEvent.click(await screen.findByRole('button', { name: 'Оформить заказ' }));
      await waitFor(() => expect(tab.router.state.location.pathname).toBe(`/order/${order.id}/success`));
      tab.unmount();
    };
    await sendFrom(draft);
    await sendFrom({ ...draft, step2: { ...draft.step2, comment: 'Нужны две копии' } });
    await sendFrom(draft);

    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    const keys = posts.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
  });

  it('sends the draft Idempotency-Key again when a submit is retried', async () => {
    const draft = draftWith((value) => {
      value.step3.deliveryId = PICKUP;
      value.step3.deliveryType = 'PICKUP_POINT';
      value.step3.pickupPointId = POINT;
    });
    const store = storeWith(draft);
    const order: Partial<OrderSummary> = {
      id: '66666666-6666-4666-8666-666666666666',
      number: 7,
      email: 'anna@example.ru',
    };
    // The first send fails in the network, the second is answered. Other calls of the step (the pickup map's
    // public config, once its chunk has loaded) are answered by their own URL and not counted.
    const orderAnswers: Array<() => Promise<Response>> = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response(JSON.stringify(order), { status: 201 })),
    ];
    const isOrderPost = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
      init?.method === 'POST' && String(input).endsWith('/api/order');
    fetchMock.mockImplementation((input, init) => {
      if (isOrderPost(input, init)) {
        const answer = orderAnswers.shift();
        return answer ? answer() : Promise.reject(new Error('a third order POST'));
      }
      return Promise.resolve(new Response(JSON.stringify({}), { status: 200 }));
    });
    const orderPosts = () => fetchMock.mock.calls.filter(([input, init]) => isOrderPost(input, init));
    const { router } = renderPage(<OrderStep3 />, store, '/order/step-3');

    const submit = await screen.findByRole('button', { name: 'Оформить заказ' });
    fireEvent.click(submit);
    await waitFor(() => expect(orderPosts()).toHaveLength(1));
    await waitFor(() => expect(submit).not.toBeDisabled());
    // The refusal stays on the page (a toast goes in 5 s) and takes the focus, so a screen reader reads it.
    const refusal = await screen.findByRole('alert', { name: /Заказ не оформлен/ });
    expect(refusal).toHaveTextContent('Данные формы сохранены');
    await waitFor(() => expect(refusal).toHaveFocus());
    await act(async () => {
      fireEvent.click(submit);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${order.id}/success`));

    const posts = orderPosts();
    expect(posts).toHaveLength(2);
    const keys = posts.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(new RegExp(`^${draft.idempotencyKey}\\.`));
    expect(keys[1]).toBe(keys[0]);
    const body = JSON.parse(String(posts[1]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ pickupPointId: POINT, deliveryId: PICKUP, originalLanguage: 'ru' });
    expect(window.localStorage.getItem(STORAGE_KEYS.orderDraft)).toBeNull();
  });
});

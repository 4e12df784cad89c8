import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  formatDate,
  PROMO_CODE_STATUS_LABELS,
  PROMO_CODE_STATUSES,
  type PromoCodeStatus,
} from '@app/contracts';

export type FieldKind = 'text' | 'number' | 'select' | 'checkbox' | 'datetime';
export type FieldDefinition = {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  options?: Array<{ value: string; label: string }>;
  /** Shown in the table. */
  inTable?: boolean;
  /** The key cannot change on edit (promo code). */
  readOnlyOnEdit?: boolean;
  format?: 'rub' | 'percent';
};

export type TabDefinition = {
  value: 'document' | 'assurance' | 'delivery' | 'promocode';
  label: string;
  itemLabel: string;
  /** The field that names an item: id for catalogue items, code for promo codes. */
  idKey: 'id' | 'code';
  fields: FieldDefinition[];
  /** Table columns computed from an item (after the fields' columns), not edited in the form. */
  computed?: ComputedColumn[];
};

export type ComputedColumn = { key: string; label: string; text: (item: Record<string, unknown>) => string };

const isPromoStatus = (value: unknown): value is PromoCodeStatus =>
  (PROMO_CODE_STATUSES as readonly unknown[]).includes(value);
const moscowDay = (value: unknown) => (typeof value === 'string' ? formatDate(value) : null);

/** A promo code's period in Moscow days: «01.12.2026 – 31.12.2026», «с …», «по …» or «Без срока». */
export function promoValidityText(item: Record<string, unknown>): string {
  const from = moscowDay(item.validFrom);
  const to = moscowDay(item.validTo);
  if (from && to) return `${from} – ${to}`;
  if (from) return `с ${from}`;
  if (to) return `по ${to}`;
  return 'Без срока';
}

/** «3 / 100», or «3 / без лимита». */
export function promoUsageText(item: Record<string, unknown>): string {
  const used = typeof item.usedCount === 'number' ? item.usedCount : 0;
  return `${used} / ${typeof item.maxUses === 'number' ? item.maxUses : 'без лимита'}`;
}

const sortOrder: FieldDefinition = { key: 'sortOrder', label: 'Порядок', kind: 'number', inTable: true };

export const FORM_SETTINGS_TABS: TabDefinition[] = [
  {
    value: 'document',
    label: 'Документы',
    itemLabel: 'документ',
    idKey: 'id',
    fields: [
      { key: 'name', label: 'Название', kind: 'text', required: true, inTable: true },
      { key: 'type', label: 'Код', kind: 'text', required: true, inTable: true },
      { key: 'price', label: 'Цена, ₽', kind: 'number', required: true, inTable: true, format: 'rub' },
      { key: 'processingDays', label: 'Срок, рабочих дней', kind: 'number', required: true, inTable: true },
      sortOrder,
    ],
  },
  {
    value: 'assurance',
    label: 'Заверения',
    itemLabel: 'заверение',
    idKey: 'id',
    fields: [
      { key: 'name', label: 'Название', kind: 'text', required: true, inTable: true },
      { key: 'type', label: 'Код', kind: 'text', required: true, inTable: true },
      { key: 'price', label: 'Цена, ₽', kind: 'number', required: true, inTable: true, format: 'rub' },
      { key: 'extraDays', label: 'Дополнительно дней', kind: 'number', required: true, inTable: true },
      sortOrder,
    ],
  },
  {
    value: 'delivery',
    label: 'Доставка',
    itemLabel: 'способ доставки',
    idKey: 'id',
    fields: [
      { key: 'name', label: 'Название', kind: 'text', required: true, inTable: true },
      {
        key: 'type',
        label: 'Тип',
        kind: 'select',
        required: true,
        inTable: true,
        options: DELIVERY_TYPES.map((value) => ({ value, label: DELIVERY_TYPE_LABELS[value] })),
      },
      { key: 'price', label: 'Цена, ₽', kind: 'number', required: true, inTable: true, format: 'rub' },
      { key: 'description', label: 'Описание', kind: 'text' },
      sortOrder,
    ],
  },
  {
    value: 'promocode',
    label: 'Промокоды',
    itemLabel: 'промокод',
    idKey: 'code',
    fields: [
      { key: 'code', label: 'Код', kind: 'text', required: true, inTable: true, readOnlyOnEdit: true },
      {
        key: 'discountPercent',
        label: 'Скидка, %',
        kind: 'number',
        required: true,
        inTable: true,
        format: 'percent',
      },
      // Switched on or off by hand; whether the code works now is the computed «Статус» (decision 048).
      { key: 'isActive', label: 'Включён', kind: 'checkbox' },
      { key: 'validFrom', label: 'Действует с', kind: 'datetime' },
      { key: 'validTo', label: 'Действует по', kind: 'datetime' },
      { key: 'maxUses', label: 'Лимит использований', kind: 'number' },
      { key: 'description', label: 'Описание', kind: 'text' },
    ],
    computed: [
      {
        key: 'status',
        label: 'Статус',
        text: (item) => (isPromoStatus(item.status) ? PROMO_CODE_STATUS_LABELS[item.status] : '—'),
      },
      { key: 'validity', label: 'Срок действия (МСК)', text: promoValidityText },
      { key: 'usage', label: 'Использовано', text: promoUsageText },
    ],
  },
];

export type FormValues = Record<string, string | number | boolean>;

export function emptyValues(tab: TabDefinition): FormValues {
  return Object.fromEntries(
    tab.fields.map((field) => [
      field.key,
      field.kind === 'checkbox' ? true : field.key === 'sortOrder' ? 0 : '',
    ]),
  );
}

export function itemToValues(tab: TabDefinition, item: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    tab.fields.map((field) => {
      const value = item[field.key];
      if (field.kind === 'checkbox') return [field.key, value === true];
      if (field.kind === 'datetime') return [field.key, typeof value === 'string' ? value.slice(0, 16) : ''];
      if (typeof value === 'number' || typeof value === 'string') return [field.key, value];
      return [field.key, ''];
    }),
  );
}

/** Form values → the API body: empty optional fields become null, local date-times ISO. */
export function valuesToBody(tab: TabDefinition, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of tab.fields) {
    const value = values[field.key];
    if (field.kind === 'checkbox') body[field.key] = value === true;
    else if (field.kind === 'number')
      body[field.key] = value === '' || value === undefined ? null : Number(value);
    else if (field.kind === 'datetime')
      body[field.key] = value ? new Date(String(value)).toISOString() : null;
    else body[field.key] = typeof value === 'string' && value.trim() ? value.trim() : null;
  }
  return body;
}

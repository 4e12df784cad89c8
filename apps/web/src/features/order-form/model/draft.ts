import type { DeliveryType, PayerType, UploadedFile } from '@app/contracts';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** A file the server accepted; only finished uploads are kept in the draft. */
export type { UploadedFile };

export type DraftStep1 = {
  documentsWithQuantity: Array<{ documentId: string; quantity: number }>;
  documentsAssurances: Array<{ documentId: string; assuranceId: string }>;
  originalLanguage: string;
  targetLanguage: string;
  promoCode: string;
  files: UploadedFile[];
};

export type DraftStep2 = {
  name: string;
  phoneNumber: string;
  email: string;
  payerType: PayerType;
  organizationInn: string;
  organizationKpp: string;
  organizationName: string;
  organizationAddress: string;
  comment: string;
};

export type DraftStep3 = {
  deliveryId: string;
  deliveryType: DeliveryType | null;
  pickupPointId: string | null;
  officeId: string | null;
  address: string;
  apartment: string;
  entrance: string;
  floor: string;
  intercom: string;
  addressComment: string;
  /** Courier: the visitor's own location, only when they chose to share it. */
  coordinates: [number, number] | null;
  /** Courier: the quoted option and its price (display only; the server prices from its tariffs). */
  optionId: string | null;
  quotedPrice: number | null;
};

export type OrderDraft = {
  version: 1;
  /** One key per draft: a double click or a retry of the same draft creates one order. */
  idempotencyKey: string;
  step1: DraftStep1;
  step2: DraftStep2;
  step3: DraftStep3;
};

export const DRAFT_VERSION = 1;

function createKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function createEmptyDraft(): OrderDraft {
  return {
    version: DRAFT_VERSION,
    idempotencyKey: createKey(),
    step1: {
      documentsWithQuantity: [],
      documentsAssurances: [],
      originalLanguage: '',
      targetLanguage: '',
      promoCode: '',
      files: [],
    },
    step2: {
      name: '',
      phoneNumber: '',
      email: '',
      payerType: 'INDIVIDUAL',
      organizationInn: '',
      organizationKpp: '',
      organizationName: '',
      organizationAddress: '',
      comment: '',
    },
    step3: {
      deliveryId: '',
      deliveryType: null,
      pickupPointId: null,
      officeId: null,
      address: '',
      apartment: '',
      entrance: '',
      floor: '',
      intercom: '',
      addressComment: '',
      coordinates: null,
      optionId: null,
      quotedPrice: null,
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stored draft from another version or a broken one is dropped, never half-applied. */
export function parseDraft(raw: string | null): OrderDraft | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || value.version !== DRAFT_VERSION || typeof value.idempotencyKey !== 'string') {
      return null;
    }
    const empty = createEmptyDraft();
    const step1 = isRecord(value.step1) ? value.step1 : {};
    const step2 = isRecord(value.step2) ? value.step2 : {};
    const step3 = isRecord(value.step3) ? value.step3 : {};
    // A file without its upload token (a draft saved before tokens existed) cannot be attached: upload again.
    const files = Array.isArray(step1.files)
      ? step1.files.filter((file) => isRecord(file) && typeof file.token === 'string')
      : [];
    return {
      version: DRAFT_VERSION,
      idempotencyKey: value.idempotencyKey,
      step1: { ...empty.step1, ...step1, files } as DraftStep1,
      step2: { ...empty.step2, ...step2 } as DraftStep2,
      step3: { ...empty.step3, ...step3 } as DraftStep3,
    };
  } catch {
    return null;
  }
}

export function loadDraft(): OrderDraft {
  return parseDraft(readStorage(STORAGE_KEYS.orderDraft)) ?? createEmptyDraft();
}

export function saveDraft(draft: OrderDraft): void {
  writeStorage(STORAGE_KEYS.orderDraft, JSON.stringify(draft));
}

export function deleteDraft(): void {
  removeStorage(STORAGE_KEYS.orderDraft);
}

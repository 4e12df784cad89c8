import {
  MESSAGES,
  OrderStep1Schema,
  OrderStep2Schema,
  OrderStep3Schema,
  type OrderStep1,
  type OrderStep2,
  type OrderStep3,
} from '@app/contracts';
import { validateWithSchema } from '@/lib/forms';
import type { DraftStep1, DraftStep2, DraftStep3 } from './draft';
import type { FieldErrors } from './draft-store';

export type StepNumber = 1 | 2 | 3;

const emptyToNull = (value: string): string | null => (value.trim() === '' ? null : value);

/** Step 1 as the contract sees it (z.input of OrderStep1Schema). */
export function toStep1Input(step: DraftStep1, options: { validPromoCode?: string | null } = {}) {
  return {
    documentsWithQuantity: step.documentsWithQuantity,
    documentsAssurances: step.documentsAssurances.filter((link) =>
      step.documentsWithQuantity.some((item) => item.documentId === link.documentId),
    ),
    originalLanguage: step.originalLanguage,
    targetLanguage: step.targetLanguage,
    // Only a code the server confirmed travels with the order: an unknown one would refuse the whole order.
    promoCode: options.validPromoCode ?? null,
    files: step.files.map((file) => file.id),
    // The proof that this browser uploaded the files (a draft saved before tokens existed has none).
    fileTokens: Object.fromEntries(
      step.files.filter((file) => file.token).map((file) => [file.id, file.token]),
    ),
  } satisfies Partial<Record<keyof OrderStep1, unknown>>;
}

export function toStep2Input(step: DraftStep2) {
  const isOrganization = step.payerType === 'ORGANIZATION';
  return {
    name: step.name,
    phoneNumber: step.phoneNumber,
    email: step.email,
    payerType: step.payerType,
    organizationInn: isOrganization ? emptyToNull(step.organizationInn) : null,
    organizationKpp: isOrganization ? emptyToNull(step.organizationKpp) : null,
    organizationName: isOrganization ? emptyToNull(step.organizationName) : null,
    organizationAddress: isOrganization ? emptyToNull(step.organizationAddress) : null,
    comment: emptyToNull(step.comment),
  } satisfies Partial<Record<keyof OrderStep2, unknown>>;
}

export function toStep3Input(step: DraftStep3) {
  const type = step.deliveryType;
  const isCourier = type === 'COURIER';
  return {
    deliveryId: step.deliveryId,
    deliveryType: type ?? undefined,
    pickupPointId: type === 'PICKUP_POINT' ? step.pickupPointId : null,
    address: isCourier ? emptyToNull(step.address) : null,
    apartment: isCourier ? emptyToNull(step.apartment) : null,
    entrance: isCourier ? emptyToNull(step.entrance) : null,
    floor: isCourier ? emptyToNull(step.floor) : null,
    intercom: isCourier ? emptyToNull(step.intercom) : null,
    addressComment: isCourier ? emptyToNull(step.addressComment) : null,
    deliveryData:
      type === 'OFFICE'
        ? { officeId: step.officeId }
        : isCourier && step.coordinates
          ? { coordinates: step.coordinates, optionId: step.optionId }
          : null,
  } satisfies Partial<Record<keyof OrderStep3, unknown>>;
}

const validateStep1Schema = validateWithSchema(OrderStep1Schema);
const validateStep2Schema = validateWithSchema(OrderStep2Schema);
const validateStep3Schema = validateWithSchema(OrderStep3Schema);

/** The contract schema first (the server runs the same), then the cross-field rules the server adds. */
export function validateStep1(step: DraftStep1): FieldErrors {
  const errors = validateStep1Schema(toStep1Input(step));
  if (!errors.targetLanguage && step.originalLanguage && step.originalLanguage === step.targetLanguage) {
    errors.targetLanguage = MESSAGES.sameLanguages;
  }
  return errors;
}

export function validateStep2(step: DraftStep2): FieldErrors {
  return validateStep2Schema(toStep2Input(step));
}

export function validateStep3(step: DraftStep3): FieldErrors {
  const errors = validateStep3Schema(toStep3Input(step));
  if (errors.deliveryId) return errors;
  if (step.deliveryType === 'PICKUP_POINT' && !step.pickupPointId) {
    errors.pickupPointId = MESSAGES.pickupPointRequired;
  }
  if (step.deliveryType === 'OFFICE' && !step.officeId) errors.officeId = MESSAGES.officeRequired;
  if (step.deliveryType === 'COURIER' && !step.address.trim()) errors.address = MESSAGES.addressRequired;
  return errors;
}

const STEP_FIELDS: Record<StepNumber, readonly string[]> = {
  1: [
    'documentsWithQuantity',
    'documentsAssurances',
    'originalLanguage',
    'targetLanguage',
    'promoCode',
    'files',
    'fileTokens',
  ],
  2: [
    'name',
    'phoneNumber',
    'email',
    'payerType',
    'organizationInn',
    'organizationKpp',
    'organizationName',
    'organizationAddress',
    'comment',
  ],
  3: [
    'deliveryId',
    'deliveryType',
    'pickupPointId',
    'officeId',
    'address',
    'apartment',
    'entrance',
    'floor',
    'intercom',
    'addressComment',
    'deliveryData',
  ],
};

/** `body.deliveryData.officeId` → `officeId`; `body.documentsWithQuantity.0.quantity` stays as is. */
export function toFieldKey(serverPath: string): string {
  const path = serverPath.replace(/^body\./, '');
  if (path === 'deliveryData.officeId') return 'officeId';
  return path;
}

export function getStepOfField(key: string): StepNumber | null {
  const root = key.split('.')[0] ?? '';
  for (const step of [1, 2, 3] as const) {
    if (STEP_FIELDS[step].includes(root)) return step;
  }
  return null;
}

/** Server 400 `details` → field errors (first message per field) and the earliest step that owns one. */
export function mapServerDetails(details: ReadonlyArray<{ path: string; message: string }>): {
  errors: FieldErrors;
  step: StepNumber | null;
} {
  const errors: FieldErrors = {};
  let step: StepNumber | null = null;
  for (const detail of details) {
    const key = toFieldKey(detail.path);
    if (!(key in errors)) errors[key] = detail.message;
    const owner = getStepOfField(key);
    if (owner !== null && (step === null || owner < step)) step = owner;
  }
  return { errors, step };
}

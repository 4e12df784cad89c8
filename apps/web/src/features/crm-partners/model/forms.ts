import {
  CreatePartnerRequestSchema,
  CreatePointRequestSchema,
  type CreatePartnerRequest,
  type CreatePointRequest,
  type Partner,
  type Point,
} from '@app/contracts';
import { numberOrNull, trimmedOrNull, validateWithSchema, type NumberField } from '@/lib/forms';

export type PartnerFormValues = { name: string; commission: NumberField; userEmail: string };

export type PointFormValues = {
  name: string;
  address: string;
  schedule: string;
  lat: NumberField;
  lon: NumberField;
  description: string;
  email: string;
  phone: string;
  type: string;
  metro: string;
  metroColor: string;
  isActive: boolean;
};

// Undefined when empty, so the schema answers its own "required" message.
const toNumber = (value: NumberField): number | undefined => numberOrNull(value) ?? undefined;

/** `type` is free text in the API; these are the kinds the back office offers. */
export const POINT_TYPES = [
  { value: 'PARTNER', label: 'Пункт партнёра' },
  { value: 'OWN', label: 'Собственный пункт бюро' },
  { value: 'YANDEX', label: 'Пункт Яндекс Доставки' },
] as const;

export function pointTypeOptions(current: string): Array<{ value: string; label: string }> {
  const options: Array<{ value: string; label: string }> = POINT_TYPES.map((type) => ({ ...type }));
  if (current && !options.some((option) => option.value === current))
    options.push({ value: current, label: current });
  return options;
}

export function toPartnerFormValues(partner: Partner | null): PartnerFormValues {
  return {
    name: partner?.name ?? '',
    commission: partner?.commission ?? '',
    userEmail: partner?.userEmail ?? '',
  };
}

/** An empty account field unlinks the account (null), as the API expects. */
export function toPartnerRequest(values: PartnerFormValues): CreatePartnerRequest {
  return {
    name: values.name.trim(),
    commission: toNumber(values.commission) as number,
    userEmail: trimmedOrNull(values.userEmail),
  };
}

export const validatePartnerForm = (values: PartnerFormValues) =>
  validateWithSchema(CreatePartnerRequestSchema)(toPartnerRequest(values));

export function toPointFormValues(point: Point | null): PointFormValues {
  return {
    name: point?.name ?? '',
    address: point?.address ?? '',
    schedule: point?.schedule ?? '',
    lat: point?.lat ?? '',
    lon: point?.lon ?? '',
    description: point?.description ?? '',
    email: point?.email ?? '',
    phone: point?.phone ?? '',
    type: point?.type ?? 'PARTNER',
    metro: point?.metro ?? '',
    metroColor: point?.metroColor ?? '',
    isActive: point?.isActive ?? true,
  };
}

export function toPointRequest(values: PointFormValues, partnerId: string): CreatePointRequest {
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    schedule: trimmedOrNull(values.schedule),
    lat: toNumber(values.lat) as number,
    lon: toNumber(values.lon) as number,
    partnerId,
    description: trimmedOrNull(values.description),
    email: trimmedOrNull(values.email),
    phone: trimmedOrNull(values.phone),
    type: values.type,
    metro: trimmedOrNull(values.metro),
    metroColor: trimmedOrNull(values.metroColor)?.toUpperCase() ?? null,
    isActive: values.isActive,
  };
}

export const validatePointForm = (values: PointFormValues, partnerId: string) =>
  validateWithSchema(CreatePointRequestSchema)(toPointRequest(values, partnerId));

import { formatPhoneInput, OfficeInputSchema, type AdminOffice, type OfficeInput } from '@app/contracts';
import { numberOrNull, trimmedOrNull, validateWithSchema, type NumberField } from '@/lib/forms';

export type OfficeFormValues = {
  name: string;
  address: string;
  phone: string;
  email: string;
  schedule: string;
  lat: NumberField;
  lon: NumberField;
  isActive: boolean;
};

export function toOfficeFormValues(office: AdminOffice | null): OfficeFormValues {
  return {
    name: office?.name ?? '',
    address: office?.address ?? '',
    phone: formatPhoneInput(office?.phone ?? ''),
    email: office?.email ?? '',
    schedule: office?.schedule ?? '',
    lat: office?.lat ?? '',
    lon: office?.lon ?? '',
    isActive: office?.isActive ?? true,
  };
}

export function toOfficeRequest(values: OfficeFormValues): OfficeInput {
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    phone: trimmedOrNull(values.phone),
    email: trimmedOrNull(values.email),
    schedule: trimmedOrNull(values.schedule),
    lat: numberOrNull(values.lat),
    lon: numberOrNull(values.lon),
    isActive: values.isActive,
  };
}

/** The contract schema validates the form, so the browser and the server refuse the same input. */
export const validateOfficeForm = (values: OfficeFormValues) =>
  validateWithSchema(OfficeInputSchema)(toOfficeRequest(values));

import {
  EmailChangeRequestSchema,
  formatPhoneInput,
  UpdateOrganizationRequestSchema,
  UpdateProfileRequestSchema,
  type Profile,
  type UpdateOrganizationRequest,
  type UpdateProfileRequest,
} from '@app/contracts';
import { validateWithSchema } from '@/lib/forms';

export type ProfileFormValues = { firstName: string; lastName: string; phoneNumber: string };
export type OrganizationFormValues = { inn: string; kpp: string; name: string; address: string };

const emptyToNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toProfileFormValues(profile: Profile | undefined): ProfileFormValues {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    phoneNumber: formatPhoneInput(profile?.phoneNumber ?? ''),
  };
}

export function toUpdateProfileRequest(values: ProfileFormValues): UpdateProfileRequest {
  return {
    firstName: emptyToNull(values.firstName),
    lastName: emptyToNull(values.lastName),
    phoneNumber: emptyToNull(values.phoneNumber),
  };
}

export function toOrganizationFormValues(profile: Profile | undefined): OrganizationFormValues {
  const organization = profile?.organization;
  return {
    inn: organization?.inn ?? '',
    kpp: organization?.kpp ?? '',
    name: organization?.name ?? '',
    address: organization?.address ?? '',
  };
}

export function toUpdateOrganizationRequest(values: OrganizationFormValues): UpdateOrganizationRequest {
  return {
    inn: values.inn.trim(),
    kpp: emptyToNull(values.kpp),
    name: values.name.trim(),
    address: values.address.trim(),
  };
}

/** The contract schemas validate the forms, so the browser and the server refuse the same input. */
export const validateProfileForm = (values: ProfileFormValues) =>
  validateWithSchema(UpdateProfileRequestSchema)(toUpdateProfileRequest(values));

export const validateOrganizationForm = (values: OrganizationFormValues) =>
  validateWithSchema(UpdateOrganizationRequestSchema)(toUpdateOrganizationRequest(values));

export const validateNewEmail = (values: { email: string }) =>
  validateWithSchema(EmailChangeRequestSchema)(values);

import { z } from './zod.ts';
import { EmailSchema, listResponse, PhoneSchema } from './common.ts';
import { PartnerStatusSchema, PartnerTypeSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { PARTNER_MESSAGES } from './messages-partner.ts';
import { multiline } from './text.ts';

export const PartnerLoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string({ message: MESSAGES.required }).min(1, { message: MESSAGES.required }).max(200),
});
export type PartnerLoginRequest = z.infer<typeof PartnerLoginRequestSchema>;

export const PartnerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  type: PartnerTypeSchema,
  status: PartnerStatusSchema,
  commission: z.number(),
});
export type PartnerProfile = z.infer<typeof PartnerProfileSchema>;

export const PartnerAuthResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  partner: PartnerProfileSchema,
});
export type PartnerAuthResponse = z.infer<typeof PartnerAuthResponseSchema>;

export const PartnerProfileResponseSchema = z.object({
  success: z.literal(true),
  data: PartnerProfileSchema,
});
export type PartnerProfileResponse = z.infer<typeof PartnerProfileResponseSchema>;

// ── Joining the programme, password links, the profile and the CRM programme pages (decision 060) ──

const PARTNER_APPLICATION_STATUSES_LIST = ['PENDING', 'APPROVED', 'REFUSED'] as const;
export const PartnerApplicationStatusSchema = z.enum(PARTNER_APPLICATION_STATUSES_LIST);
export type PartnerApplicationStatus = z.infer<typeof PartnerApplicationStatusSchema>;

/** Empty → null; otherwise an http(s) address with a dotted host (spec 5: "website should be a URL"). */
export const PartnerWebsiteSchema = z
  .string({ message: PARTNER_MESSAGES.partnerWebsiteInvalid })
  .trim()
  .max(500, { message: PARTNER_MESSAGES.partnerWebsiteInvalid })
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol) || !/^[^.]+(\.[^.]+)+$/.test(url.hostname) || url.username) {
      ctx.addIssue({ code: 'custom', message: PARTNER_MESSAGES.partnerWebsiteInvalid });
      return z.NEVER;
    }
    return value;
  });

const partnerName = z
  .string({ message: MESSAGES.partnerNameRequired })
  .trim()
  .min(1, { message: MESSAGES.partnerNameRequired })
  .max(200, { message: MESSAGES.partnerNameRequired });
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
/** The shared phone rule; empty → null. */
const optionalPhone = z
  .string({ message: MESSAGES.invalidPhone })
  .trim()
  .max(40, { message: MESSAGES.invalidPhone })
  .nullish()
  .transform((value) => value || null)
  .pipe(PhoneSchema.nullable());

/** Spec 5: minimum 8 characters, with its text; bounded above. */
export const PartnerNewPasswordSchema = z
  .string({ message: MESSAGES.passwordTooShort })
  .min(8, { message: MESSAGES.passwordTooShort })
  .max(200, { message: PARTNER_MESSAGES.partnerPasswordTooLong });

/** The public application form (POST /api/partner/apply). */
export const PartnerApplicationRequestSchema = z.object({
  type: PartnerTypeSchema.refine(Boolean, { message: PARTNER_MESSAGES.partnerTypeRequired }),
  name: partnerName,
  company: optionalLine(200),
  website: PartnerWebsiteSchema,
  email: EmailSchema,
  phone: optionalPhone,
  promotion: multiline(
    z
      .string({ message: PARTNER_MESSAGES.partnerPromotionRequired })
      .trim()
      .min(10, { message: PARTNER_MESSAGES.partnerPromotionRequired })
      .max(2000, { message: PARTNER_MESSAGES.partnerPromotionRequired }),
  ),
  consent: z.literal(true, { message: PARTNER_MESSAGES.partnerConsentRequired }),
});
export type PartnerApplicationRequest = z.input<typeof PartnerApplicationRequestSchema>;
export type PartnerApplicationInput = z.output<typeof PartnerApplicationRequestSchema>;

export const PartnerApplicationSchema = z.object({
  id: z.string(),
  type: PartnerTypeSchema,
  name: z.string(),
  company: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  promotion: z.string(),
  status: PartnerApplicationStatusSchema,
  refusalReason: z.string().nullable(),
  partnerAccountId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PartnerApplication = z.infer<typeof PartnerApplicationSchema>;

export const PartnerApplicationListQuerySchema = z.object({
  status: PartnerApplicationStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type PartnerApplicationListQuery = z.input<typeof PartnerApplicationListQuerySchema>;
export const PartnerApplicationListResponseSchema = listResponse(PartnerApplicationSchema);
export type PartnerApplicationListResponse = z.infer<typeof PartnerApplicationListResponseSchema>;

const reasonField = (message: string) =>
  multiline(z.string({ message }).trim().min(3, { message }).max(1000, { message }));

export const RefusePartnerApplicationSchema = z.object({
  reason: reasonField(PARTNER_MESSAGES.partnerRefusalReasonRequired),
});
export type RefusePartnerApplication = z.infer<typeof RefusePartnerApplicationSchema>;

/** Sets the password from the e-mailed single-use link (after approval or «Забыли пароль?»). */
export const SetPartnerPasswordRequestSchema = z.object({
  token: z.string({ message: PARTNER_MESSAGES.partnerPasswordLinkInvalid }).min(16).max(200),
  newPassword: PartnerNewPasswordSchema,
});
export type SetPartnerPasswordRequest = z.infer<typeof SetPartnerPasswordRequestSchema>;

export const PartnerForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type PartnerForgotPasswordRequest = z.infer<typeof PartnerForgotPasswordRequestSchema>;

/** Spec 7 PUT /api/partner/profile. The e-mail is read-only: sent or not, it is never changed here. */
export const UpdatePartnerProfileRequestSchema = z.object({
  name: partnerName,
  email: z.string().max(254).optional(),
  phone: optionalPhone,
  company: optionalLine(200),
  website: PartnerWebsiteSchema,
  description: multiline(z.string().trim().max(2000))
    .nullish()
    .transform((value) => value || null),
});
export type UpdatePartnerProfileRequest = z.input<typeof UpdatePartnerProfileRequestSchema>;

/** Spec 7 PUT /api/partner/change-password (spec 5 rules). */
export const ChangePartnerPasswordRequestSchema = z.object({
  currentPassword: z
    .string({ message: PARTNER_MESSAGES.partnerCurrentPasswordRequired })
    .min(1, { message: PARTNER_MESSAGES.partnerCurrentPasswordRequired })
    .max(200, { message: PARTNER_MESSAGES.partnerCurrentPasswordRequired }),
  newPassword: PartnerNewPasswordSchema,
});
export type ChangePartnerPasswordRequest = z.infer<typeof ChangePartnerPasswordRequestSchema>;

/** The web forms: a new password and its confirmation (spec 5 texts). */
export const PartnerPasswordFormSchema = z
  .object({ newPassword: PartnerNewPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
  });
export const PartnerChangePasswordFormSchema = z
  .object({
    currentPassword: ChangePartnerPasswordRequestSchema.shape.currentPassword,
    newPassword: PartnerNewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
  });

// CRM: the programme's settings and the portal partner list (ADMIN).

const percentField = z
  .number({ message: PARTNER_MESSAGES.partnerPercentInvalid })
  .min(0, { message: PARTNER_MESSAGES.partnerPercentInvalid })
  .max(50, { message: PARTNER_MESSAGES.partnerPercentInvalid })
  .multipleOf(0.01, { message: PARTNER_MESSAGES.partnerPercentInvalid });

export const PartnerProgramSettingsSchema = z.object({
  commissionAffiliatePercent: percentField,
  commissionCorporatePercent: percentField,
  commissionIntegratorPercent: percentField,
  holdDays: z
    .number({ message: PARTNER_MESSAGES.partnerDaysInvalid })
    .int({ message: PARTNER_MESSAGES.partnerDaysInvalid })
    .min(0, { message: PARTNER_MESSAGES.partnerDaysInvalid })
    .max(365, { message: PARTNER_MESSAGES.partnerDaysInvalid }),
  /** Stored and sent in kopecks; the form shows rubles. Up to 1 000 000 ₽. */
  minPayoutKopecks: z
    .number({ message: PARTNER_MESSAGES.partnerMinPayoutInvalid })
    .int({ message: PARTNER_MESSAGES.partnerMinPayoutInvalid })
    .min(0, { message: PARTNER_MESSAGES.partnerMinPayoutInvalid })
    .max(100_000_000, { message: PARTNER_MESSAGES.partnerMinPayoutInvalid }),
  attributionWindowDays: z
    .number({ message: PARTNER_MESSAGES.partnerWindowDaysInvalid })
    .int({ message: PARTNER_MESSAGES.partnerWindowDaysInvalid })
    .min(1, { message: PARTNER_MESSAGES.partnerWindowDaysInvalid })
    .max(365, { message: PARTNER_MESSAGES.partnerWindowDaysInvalid }),
  maxPromoDiscountPercent: z
    .number({ message: PARTNER_MESSAGES.partnerDiscountInvalid })
    .int({ message: PARTNER_MESSAGES.partnerDiscountInvalid })
    .min(0, { message: PARTNER_MESSAGES.partnerDiscountInvalid })
    .max(50, { message: PARTNER_MESSAGES.partnerDiscountInvalid }),
});
export type PartnerProgramSettings = z.infer<typeof PartnerProgramSettingsSchema>;
export const PartnerProgramSettingsResponseSchema = PartnerProgramSettingsSchema.extend({
  updatedAt: z.string(),
});
export type PartnerProgramSettingsResponse = z.infer<typeof PartnerProgramSettingsResponseSchema>;

export const PortalPartnerListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  type: PartnerTypeSchema.optional(),
  status: PartnerStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type PortalPartnerListQuery = z.input<typeof PortalPartnerListQuerySchema>;

export const PortalPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  type: PartnerTypeSchema,
  status: PartnerStatusSchema,
  /** The partner's own rate; null = the type's default. */
  commissionPercent: z.number().nullable(),
  effectiveCommissionPercent: z.number(),
  createdAt: z.string(),
});
export type PortalPartner = z.infer<typeof PortalPartnerSchema>;
export const PortalPartnerListResponseSchema = listResponse(PortalPartnerSchema);
export type PortalPartnerListResponse = z.infer<typeof PortalPartnerListResponseSchema>;

/** The statuses staff set by hand (PENDING is only an account's state before approval). */
export const PORTAL_PARTNER_MANUAL_STATUSES = ['ACTIVE', 'SUSPENDED', 'BANNED'] as const;
export const ChangePortalPartnerStatusSchema = z.object({
  status: z.enum(PORTAL_PARTNER_MANUAL_STATUSES),
  /** The status the admin saw (old → new in the confirmation): a change made meanwhile is refused. */
  expectedStatus: PartnerStatusSchema,
  reason: reasonField(PARTNER_MESSAGES.partnerStatusReasonRequired),
});
export type ChangePortalPartnerStatus = z.infer<typeof ChangePortalPartnerStatusSchema>;

export const SetPortalPartnerCommissionSchema = z.object({
  /** null: follow the type's default. */
  commissionPercent: percentField.nullable(),
});
export type SetPortalPartnerCommission = z.infer<typeof SetPortalPartnerCommissionSchema>;

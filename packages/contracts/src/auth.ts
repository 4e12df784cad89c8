import { z } from './zod.ts';
import { EmailSchema } from './common.ts';
import { RoleSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';

/** The user carried in sign-in answers (spec 3 "Session user"). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: RoleSchema,
  name: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const AuthResponseSchema = z.object({
  token: z.string(),
  /** When the token stops being accepted (ISO). Renew before with POST /api/auth/refresh. */
  expiresAt: z.string(),
  user: SessionUserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const LoginRequestSchema = z.object({
  login: z.string({ message: MESSAGES.required }).trim().min(1, { message: MESSAGES.required }).max(254),
  password: z.string({ message: MESSAGES.required }).min(1, { message: MESSAGES.required }).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RequestCodeRequestSchema = z.object({ email: EmailSchema });
export type RequestCodeRequest = z.infer<typeof RequestCodeRequestSchema>;

export const RequestCodeResponseSchema = z.object({
  success: z.literal(true),
  /** Seconds until a new code may be requested for this address. */
  retryAfterSeconds: z.number().int(),
});
export type RequestCodeResponse = z.infer<typeof RequestCodeResponseSchema>;

export const VerifyCodeRequestSchema = z.object({
  email: EmailSchema,
  verificationCode: z
    .string({ message: MESSAGES.invalidCode })
    .trim()
    .regex(/^\d{6}$/, { message: MESSAGES.invalidCode }),
});
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequestSchema>;

export const HashLoginRequestSchema = z.object({
  email: EmailSchema,
  hash: z.string().trim().min(10, { message: MESSAGES.invalidLoginLink }).max(500),
});
export type HashLoginRequest = z.infer<typeof HashLoginRequestSchema>;

/** Telegram Login Widget fields (https://core.telegram.org/widgets/login#checking-authorization). */
export const TelegramAuthRequestSchema = z.object({
  id: z
    .union([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,16}$/)])
    .transform(String),
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  username: z.string().max(200).optional(),
  photo_url: z.string().max(1000).optional(),
  /** Unix seconds; the service refuses anything older than a day or in the future. */
  auth_date: z
    .union([z.number().int().min(0).max(10_000_000_000), z.string().regex(/^\d{1,11}$/)])
    .transform(Number),
  hash: z.string().regex(/^[0-9a-f]{64}$/, { message: MESSAGES.telegramInvalid }),
});
export type TelegramAuthRequest = z.input<typeof TelegramAuthRequestSchema>;
export type TelegramAuthPayload = z.output<typeof TelegramAuthRequestSchema>;

export const AuthConfigResponseSchema = z.object({
  telegramBotName: z.string().nullable(),
});
export type AuthConfigResponse = z.infer<typeof AuthConfigResponseSchema>;

import type {
  AuthConfigResponse,
  AuthResponse,
  HashLoginRequest,
  LoginRequest,
  PartnerAuthResponse,
  PartnerLoginRequest,
  PartnerProfileResponse,
  Profile,
  RequestCodeRequest,
  RequestCodeResponse,
  SuccessResponse,
  TelegramAuthRequest,
  VerifyCodeRequest,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import type { Area } from '@/lib/area';

/** Sign-out sends the server a logout and gives up after this long (spec 9: logout expiry 5 s). */
export const LOGOUT_TIMEOUT_MS = 5_000;

/** Sign-in calls go without a token (spec 5: auth calls are never cancelled locally). */
export const authRequests = {
  login: (body: LoginRequest) => api.post<AuthResponse>('/auth/login', body, { auth: 'none' }),
  requestCode: (body: RequestCodeRequest) =>
    api.post<RequestCodeResponse>('/auth/email/request-code', body, { auth: 'none' }),
  verifyCode: (body: VerifyCodeRequest) =>
    api.post<AuthResponse>('/auth/email/verify', body, { auth: 'none' }),
  loginWithHash: (body: HashLoginRequest) => api.post<AuthResponse>('/auth/hash', body, { auth: 'none' }),
  loginWithTelegram: (body: TelegramAuthRequest) => api.post<AuthResponse>('/auth', body, { auth: 'none' }),
  refresh: (area: Area) => api.post<AuthResponse>('/auth/refresh', undefined, { area }),
  logout: (area: Area) =>
    api.post<SuccessResponse>('/auth/logout', undefined, { area, timeoutMs: LOGOUT_TIMEOUT_MS }),
  getAuthConfig: () => api.get<AuthConfigResponse>('/auth/config', { auth: 'none' }),
  getProfile: (area: Area) => api.get<Profile>('/profile', { area }),
  partnerLogin: (body: PartnerLoginRequest) =>
    api.post<PartnerAuthResponse>('/partner/auth/login', body, { auth: 'none' }),
  partnerLogout: () =>
    api.post<SuccessResponse>('/partner/auth/logout', undefined, {
      area: 'partner',
      timeoutMs: LOGOUT_TIMEOUT_MS,
    }),
  getPartnerProfile: () => api.get<PartnerProfileResponse>('/partner/profile', { area: 'partner' }),
};

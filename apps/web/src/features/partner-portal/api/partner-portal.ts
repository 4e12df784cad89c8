import type {
  ChangePartnerPasswordRequest,
  PartnerApplicationRequest,
  PartnerAuthResponse,
  PartnerProfileResponse,
  SuccessResponse,
  UpdatePartnerProfileRequest,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionActions } from '@/lib/session/session-store';

/** Public: the application form (POST /api/partner/apply). */
export const submitPartnerApplication = (body: PartnerApplicationRequest) =>
  api.post<SuccessResponse>('/partner/apply', body, { auth: 'none' });

/** Public: sets the password from the mailed link and signs the partner in. */
export const setPartnerPassword = (body: { token: string; newPassword: string }) =>
  sessionActions.partnerSignIn(() =>
    api.post<PartnerAuthResponse>('/partner/password/set', body, { auth: 'none' }),
  );

/** Public: «Забыли пароль?» (the answer is the same for any e-mail). */
export const requestPartnerPasswordLink = (email: string) =>
  api.post<SuccessResponse>('/partner/password/forgot', { email }, { auth: 'none' });

export const partnerProfileQueryOptions = queryOptions({
  queryKey: ['partner', 'profile'],
  queryFn: () => api.get<PartnerProfileResponse>('/partner/profile', { area: 'partner' }),
});

export function usePartnerProfile() {
  return useQuery(partnerProfileQueryOptions);
}

export function useUpdatePartnerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    // The page shows its own spec 8 toast («Ошибка обновления профиля»).
    meta: { silent: true },
    mutationFn: (body: UpdatePartnerProfileRequest) =>
      api.put<PartnerProfileResponse>('/partner/profile', body, { area: 'partner' }),
    onSuccess: (answer) => {
      queryClient.setQueryData(partnerProfileQueryOptions.queryKey, answer);
      sessionActions.applyPartnerProfile(answer.data);
    },
  });
}

export function useChangePartnerPassword() {
  return useMutation({
    // The page shows its own spec 8 toast («Ошибка смены пароля»).
    meta: { silent: true },
    mutationFn: (body: ChangePartnerPasswordRequest) =>
      api.put<SuccessResponse>('/partner/change-password', body, { area: 'partner' }),
  });
}

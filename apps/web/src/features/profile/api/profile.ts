import type {
  Profile,
  RequestCodeResponse,
  UpdateOrganizationRequest,
  UpdateProfileRequest,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionActions } from '@/lib/session/session-store';

export const profileQueryOptions = queryOptions({
  queryKey: ['cabinet', 'profile'],
  queryFn: () => api.get<Profile>('/profile', { area: 'cabinet' }),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}

/** Every profile change answers the new profile: the cache and the session (header, order prefill) follow. */
function useProfileMutation<TInput>(mutationFn: (input: TInput) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      sessionActions.applyProfile(profile);
    },
  });
}

export function useUpdateProfile() {
  return useProfileMutation((body: UpdateProfileRequest) =>
    api.patch<Profile>('/profile', body, { area: 'cabinet' }),
  );
}

export function useUpdateOrganization() {
  return useProfileMutation((body: UpdateOrganizationRequest) =>
    api.put<Profile>('/profile/organization', body, { area: 'cabinet' }),
  );
}

export function useRequestEmailCode() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<RequestCodeResponse>('/profile/email/request-code', { email }, { area: 'cabinet' }),
  });
}

export function useConfirmEmail() {
  return useProfileMutation((body: { email: string; verificationCode: string }) =>
    api.post<Profile>('/profile/email/confirm', body, { area: 'cabinet' }),
  );
}

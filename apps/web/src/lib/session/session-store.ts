import {
  CORE_MESSAGES,
  type HashLoginRequest,
  type LoginRequest,
  type PartnerAuthResponse,
  type PartnerLoginRequest,
  type PartnerProfile,
  type Profile,
  type Role,
  type SessionUser,
  type TelegramAuthRequest,
} from '@app/contracts';
import { useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api-client';
import type { Area } from '@/lib/area';
import { authRequests } from './auth-requests';
import {
  clearCredentials,
  getCrmRole,
  getPartnerData,
  getToken,
  isCrmRole,
  replaceToken,
  setCrmRole,
  setPartnerData,
  setToken,
  storeSignIn,
  subscribeToCredentials,
} from './credentials';
import { transitionSession, type SessionEvent, type SessionStatus } from './session-machine';
import { startTokenRenewal, type TokenRenewal } from './token-renewal';

export type SessionState = {
  status: SessionStatus;
  /** The area whose stored token the session was restored from. */
  area: Area;
  role: Role | null;
  user: SessionUser | null;
  profile: Profile | null;
  partner: PartnerProfile | null;
  /** The e-mail a code was requested for; verification needs it (spec 5). */
  pendingEmail: string | null;
  retryAfterSeconds: number | null;
};

const SIGNED_OUT: Pick<SessionState, 'role' | 'user' | 'profile' | 'partner'> = {
  role: null,
  user: null,
  profile: null,
  partner: null,
};

function createInitialState(): SessionState {
  return { status: 'new', area: 'cabinet', ...SIGNED_OUT, pendingEmail: null, retryAfterSeconds: null };
}

let state: SessionState = createInitialState();
const listeners = new Set<() => void>();
let renewal: TokenRenewal | null = null;
let restoreKey: string | null = null;
let restorePromise: Promise<void> | null = null;

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function dispatch(event: SessionEvent, patch: Partial<SessionState> = {}): void {
  setState({ ...patch, status: transitionSession(state.status, event) });
}

function stopRenewal(): void {
  renewal?.stop();
  renewal = null;
}

function signOutLocally(): void {
  stopRenewal();
  restoreKey = null;
  restorePromise = null;
  dispatch('LOGOUT', SIGNED_OUT);
}

// A 401 (or another tab) may clear the credentials of the area the session lives in.
subscribeToCredentials((area) => {
  if (area === state.area && state.status === 'authorized' && !getToken(area)) signOutLocally();
});

async function renewToken(area: Area): Promise<void> {
  const oldToken = getToken(area);
  const answer = await authRequests.refresh(area);
  if (oldToken) replaceToken(oldToken, answer.token);
  else setToken(area, answer.token);
  if (area === 'crm' && isCrmRole(answer.user.role)) setCrmRole(answer.user.role);
  restoreKey = `${area}:${answer.token}`;
}

async function loadStaffOrCustomerProfile(area: Exclude<Area, 'partner'>): Promise<void> {
  try {
    const profile = await authRequests.getProfile(area);
    if (area === 'crm' && !isCrmRole(profile.role)) {
      // The CRM context accepts only ADMIN, MANAGER, PARTNER (spec 4): anyone else is signed out of it.
      clearCredentials('crm');
      signOutLocally();
      return;
    }
    if (area === 'crm' && profile.role !== getCrmRole()) setCrmRole(profile.role);
    setState({ profile, role: profile.role });
  } catch (error) {
    // Offline or a server error: keep the stored session; a 401 has already cleared it in the API client.
    if (!isApiError(error)) throw error;
  }
}

async function loadPartnerProfile(): Promise<void> {
  try {
    const answer = await authRequests.getPartnerProfile();
    setPartnerData(answer.data);
    setState({ partner: answer.data });
  } catch (error) {
    if (!isApiError(error)) throw error;
  }
}

async function runRestore(area: Area, token: string | null): Promise<void> {
  stopRenewal();
  if (!token) {
    // An unfinished sign-in (code waiting) survives navigation; a session of another area does not.
    if (state.status === 'authorized') dispatch('LOGOUT', SIGNED_OUT);
    setState({ area, ...SIGNED_OUT });
    return;
  }
  const role = area === 'crm' ? getCrmRole() : area === 'cabinet' ? state.role : null;
  if (area === 'crm' && !role) {
    clearCredentials('crm');
    setState({ area });
    signOutLocally();
    return;
  }
  setState({
    area,
    status: state.status === 'authorized' ? 'authorized' : transitionSession('new', 'RESTORE'),
    role,
    profile: null,
    partner: area === 'partner' ? getPartnerData() : null,
  });
  if (area === 'partner') {
    await loadPartnerProfile();
    return;
  }
  renewal = startTokenRenewal({ renew: () => renewToken(area) });
  await loadStaffOrCustomerProfile(area);
}

/**
 * Restores the session of an area from its stored token: role, profile, token auto-renewal.
 * Idempotent for the same area and token, so every guard may await it.
 */
export function restoreSession(area: Area): Promise<void> {
  const token = getToken(area);
  const key = `${area}:${token ?? ''}`;
  if (restorePromise && restoreKey === key) return restorePromise;
  restoreKey = key;
  restorePromise = runRestore(area, token);
  return restorePromise;
}

function applySignIn(token: string, user: SessionUser): void {
  storeSignIn(token, user.role);
  restoreKey = null;
  restorePromise = null;
  setState({ user, role: user.role, pendingEmail: null, retryAfterSeconds: null });
}

async function runLogin(call: () => Promise<{ token: string; user: SessionUser }>): Promise<SessionUser> {
  if (state.status === 'authorized') signOutLocally();
  dispatch('LOGIN');
  try {
    const answer = await call();
    applySignIn(answer.token, answer.user);
    dispatch('LOGIN_SUCCEEDED');
    return answer.user;
  } catch (error) {
    dispatch('LOGIN_FAILED');
    throw error;
  }
}

/** A partner-portal sign-in by any request that answers a portal session (password, set-password link). */
async function runPartnerSignIn(request: () => Promise<PartnerAuthResponse>): Promise<PartnerProfile> {
  if (state.status === 'authorized') signOutLocally();
  dispatch('LOGIN');
  try {
    const answer = await request();
    setToken('partner', answer.token);
    setPartnerData(answer.partner);
    restoreKey = null;
    restorePromise = null;
    dispatch('LOGIN_SUCCEEDED', { area: 'partner', partner: answer.partner, role: null });
    return answer.partner;
  } catch (error) {
    dispatch('LOGIN_FAILED');
    throw error;
  }
}

export const sessionActions = {
  async requestCode(email: string): Promise<void> {
    if (state.status !== 'new' && state.status !== 'codeWaiting') signOutLocally();
    dispatch('REQUEST_CODE', { pendingEmail: email });
    try {
      const answer = await authRequests.requestCode({ email });
      dispatch('CODE_SENT', { retryAfterSeconds: answer.retryAfterSeconds });
    } catch (error) {
      dispatch('REQUEST_CODE_FAILED');
      throw error;
    }
  },

  async verifyCode(verificationCode: string): Promise<SessionUser> {
    const email = state.pendingEmail;
    if (!email) throw new Error(CORE_MESSAGES.verifyEmailMissing);
    dispatch('VERIFY_CODE');
    try {
      const answer = await authRequests.verifyCode({ email, verificationCode });
      applySignIn(answer.token, answer.user);
      dispatch('CODE_ACCEPTED');
      return answer.user;
    } catch (error) {
      dispatch('CODE_REJECTED');
      throw error;
    }
  },

  /** The profile changed on the server (cabinet profile, organization, e-mail): the session follows. */
  applyProfile(profile: Profile): void {
    if (state.status !== 'authorized') return;
    setState({ profile, role: profile.role });
  },

  /** Back from the code step to the e-mail step. */
  changeEmail(): void {
    signOutLocally();
  },

  login: (body: LoginRequest) => runLogin(() => authRequests.login(body)),
  loginWithHash: (body: HashLoginRequest) => runLogin(() => authRequests.loginWithHash(body)),
  loginWithTelegram: (body: TelegramAuthRequest) => runLogin(() => authRequests.loginWithTelegram(body)),

  partnerLogin: (body: PartnerLoginRequest) => runPartnerSignIn(() => authRequests.partnerLogin(body)),

  partnerSignIn: runPartnerSignIn,

  /** The partner saved their profile: the stored partner data and the header follow. */
  applyPartnerProfile(partner: PartnerProfile): void {
    setPartnerData(partner);
    setState({ partner });
  },

  /** Signs out of the current area and answers where to go next (spec 2: staff → /login). */
  async logout(): Promise<string> {
    const { area, role } = state;
    if (area === 'partner') {
      await authRequests.partnerLogout().catch(() => undefined);
      clearCredentials('partner');
      signOutLocally();
      return '/partner/login';
    }
    const isStaff = area === 'crm' || isCrmRole(role);
    await authRequests.logout(area).catch(() => undefined);
    clearCredentials('cabinet');
    clearCredentials('crm');
    signOutLocally();
    return isStaff ? '/login' : '/cabinet-login';
  },
};

export function getSessionState(): SessionState {
  return state;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSessionState, getSessionState);
}

/** Test helper: back to a fresh page load. */
export function resetSessionForTests(): void {
  stopRenewal();
  restoreKey = null;
  restorePromise = null;
  state = createInitialState();
}

import { randomInt, randomUUID } from 'node:crypto';
import type {
  AuthResponse,
  HashLoginRequest,
  LoginRequest,
  PartnerAuthResponse,
  PartnerLoginRequest,
  RequestCodeResponse,
  SessionUser,
  TelegramAuthPayload,
  VerifyCodeRequest,
} from '@app/contracts';
import { CRM_ROLES, formatMessage, MESSAGES } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { getDummyHash, verifyPassword } from '../../lib/passwords.ts';
import { hmac, safeEqual, signToken, verifyToken, type TokenKind } from '../../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { MailMessage } from '../mail/templates/index.ts';
import { fingerprintHashes } from '../../lib/client-fingerprint.ts';
import { toPartnerProfile } from '../partner-portal/partner-portal.mapper.ts';
import { defaultRatesOf, type PartnerPortalRepository } from '../partner-portal/partner-portal.repository.ts';
import type {
  AuthRepository,
  LoginLinkWrite,
  PartnerAccountRow,
  SignInLockPolicy,
  SignInRealm,
  UserRow,
} from './auth.repository.ts';
import type { Principal, UserPrincipal } from '../../lib/principal.ts';
import { isTelegramHashValid, TELEGRAM_AUTH_MAX_AGE_SECONDS } from './telegram.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
const CRM_ROLE_SET = new Set<string>(CRM_ROLES);
/** Password sign-in (staff and partner portal) per login: decision 020. */
export const SIGN_IN_LOCK: SignInLockPolicy = {
  threshold: 5,
  firstLockMinutes: 1,
  maxLockMinutes: 30,
  forgetAfterHours: 24,
};

/**
 * Staff with a password sign in with it only (decision 020): the e-mail code and one-click links refuse them.
 * Staff without a password (granted CRM access in the back office; the product cannot set one yet) keep the code.
 */
export function signsInWithPasswordOnly(user: Pick<UserRow, 'role' | 'passwordHash'> | undefined): boolean {
  return Boolean(user && CRM_ROLE_SET.has(user.role) && user.passwordHash);
}

export type RequestMeta = { ip?: string; userAgent?: string };
export type AuthService = ReturnType<typeof createAuthService>;

export function toSessionUser(user: UserRow): SessionUser {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || null;
  return { id: user.id, email: user.email, phoneNumber: user.phoneNumber, role: user.role, name };
}

export function createAuthService(deps: {
  db: Db;
  repo: AuthRepository;
  mail: MailService;
  config: Pick<
    Config,
    'jwtSecret' | 'sessionTtlHours' | 'signInLinkTtlHours' | 'publicUrl' | 'telegram' | 'rateLimits'
  >;
  clock: Clock;
  /** The portal's sign-in records (partner_sign_ins, owned by partner-portal) and its default rates. */
  partnerPortalRepo: Pick<PartnerPortalRepository, 'recordSignIn' | 'readSettings'>;
}) {
  const { db, repo, mail, config, clock, partnerPortalRepo } = deps;
  const ttlMs = config.sessionTtlHours * 60 * 60 * 1000;

  function issueToken(kind: TokenKind, sessionId: string, subject: string, expiresAt: Date) {
    const now = clock.now();
    return signToken(
      {
        sid: sessionId,
        sub: subject,
        kind,
        iat: Math.floor(now.getTime() / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
      },
      config.jwtSecret,
    );
  }

  async function startUserSession(
    dbOrTx: DbOrTx,
    user: UserRow,
    method: string,
    meta: RequestMeta,
  ): Promise<AuthResponse> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs);
    if (user.email) {
      // Any sign-in ends the account's open sign-in links and codes: they were meant for this sign-in.
      await repo.retireLoginLinks(dbOrTx, user.email, now);
      await repo.retireCodes(dbOrTx, user.email, now, 'sign-in');
    }
    const session = await repo.insertSession(dbOrTx, {
      kind: 'user',
      userId: user.id,
      method,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    return {
      token: issueToken('user', session.id, user.id, expiresAt),
      expiresAt: expiresAt.toISOString(),
      user: toSessionUser(user),
    };
  }

  /**
   * A portal session, and where it was opened from as keyed hashes (partner_sign_ins: the fraud rules compare
   * them with orders; decision 059/060). Password sign-in and the set-password link both end here.
   */
  async function startPartnerSession(
    dbOrTx: DbOrTx,
    account: PartnerAccountRow,
    meta: RequestMeta,
  ): Promise<PartnerAuthResponse> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs);
    const session = await repo.insertSession(dbOrTx, {
      kind: 'partner',
      partnerAccountId: account.id,
      method: 'password',
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    await partnerPortalRepo.recordSignIn(dbOrTx, {
      partnerAccountId: account.id,
      ...fingerprintHashes(config.jwtSecret, { ip: meta.ip ?? '', userAgent: meta.userAgent }),
      at: now,
    });
    const settings = await partnerPortalRepo.readSettings(dbOrTx);
    return {
      token: issueToken('partner', session.id, account.id, expiresAt),
      expiresAt: expiresAt.toISOString(),
      partner: toPartnerProfile(account, defaultRatesOf(settings)),
    };
  }

  const codeHash = (email: string, code: string) => hmac(config.jwtSecret, 'email-code', email, code);
  const linkSignature = (id: string, email: string) => hmac(config.jwtSecret, 'login-link', id, email);

  return {
    /** Staff sign-in. The same 401 whether the login exists or not, after the same hashing work. */
    async loginStaff(input: LoginRequest, meta: RequestMeta): Promise<AuthResponse> {
      const login = input.login.trim().toLowerCase();
      await refuseWhileLocked('staff', login);
      const user = await repo.findUserByEmail(db, login);
      const isAllowed = Boolean(user?.passwordHash && CRM_ROLE_SET.has(user.role));
      const isMatch = await verifyPassword(
        input.password,
        isAllowed ? user!.passwordHash! : await getDummyHash(),
      );
      if (!isAllowed || !isMatch || !user)
        return failSignIn('staff', login, isAllowed ? (user?.email ?? null) : null);
      await repo.clearSignInFailures(db, 'staff', login);
      return startUserSession(db, user, 'password', meta);
    },

    async requestEmailCode(email: string): Promise<RequestCodeResponse> {
      await refusePasswordOnlyAccount(db, email);
      return issueCode(email, 'sign-in', async (tx, code) => {
        const link = await createLoginLinkIn(tx, email, '/cabinet/orders');
        return { template: 'sign-in-code', params: { code, link } };
      });
    },

    /** A code to the new address; the change happens only when it comes back (confirmEmailChange). */
    async requestEmailChangeCode(actor: UserPrincipal, email: string): Promise<RequestCodeResponse> {
      const taken = await repo.findUserByEmail(db, email);
      if (taken && taken.id !== actor.userId) throw new AppError('CONFLICT', MESSAGES.emailTaken);
      return issueCode(email, `email-change:${actor.userId}`, async (_tx, code) => ({
        template: 'email-change-code',
        params: { code },
      }));
    },

    async confirmEmailChange(actor: UserPrincipal, input: VerifyCodeRequest): Promise<void> {
      const codeId = await checkCode(input.email, `email-change:${actor.userId}`, input.verificationCode);
      await db.transaction(async (tx) => {
        await consumeCodeOrThrow(tx, codeId);
        const taken = await repo.findUserByEmail(tx, input.email);
        if (taken && taken.id !== actor.userId) throw new AppError('CONFLICT', MESSAGES.emailTaken);
        await repo.updateUserEmail(tx, actor.userId, input.email);
      });
    },

    async verifyEmailCode(input: VerifyCodeRequest, meta: RequestMeta): Promise<AuthResponse> {
      await refusePasswordOnlyAccount(db, input.email);
      const codeId = await checkCode(input.email, 'sign-in', input.verificationCode);
      return db.transaction(async (tx) => {
        await consumeCodeOrThrow(tx, codeId);
        const user = await repo.upsertUserByEmail(tx, input.email);
        if (signsInWithPasswordOnly(user)) throw forbidden(MESSAGES.staffSignInWithPassword);
        return startUserSession(tx, user, 'email-code', meta);
      });
    },

    /** A single-use sign-in link for e-mails: `${publicUrl}${path}?email=…&hash=…`. */
    createLoginLink: createLoginLinkIn,
    newLoginLink,

    async loginWithHash(input: HashLoginRequest, meta: RequestMeta): Promise<AuthResponse> {
      const [id, signature] = input.hash.split('.');
      if (
        !id ||
        !signature ||
        !/^[0-9a-f-]{36}$/.test(id) ||
        !safeEqual(signature, linkSignature(id, input.email))
      ) {
        throw unauthorized(MESSAGES.invalidLoginLink);
      }
      return db.transaction(async (tx) => {
        if (!(await repo.consumeLoginLink(tx, id, input.email, clock.now()))) {
          throw unauthorized(MESSAGES.invalidLoginLink);
        }
        const user = await repo.upsertUserByEmail(tx, input.email);
        if (signsInWithPasswordOnly(user)) throw forbidden(MESSAGES.staffSignInWithPassword);
        return startUserSession(tx, user, 'email-link', meta);
      });
    },

    isTelegramEnabled(): boolean {
      return config.telegram !== null;
    },

    async loginWithTelegram(input: TelegramAuthPayload, meta: RequestMeta): Promise<AuthResponse> {
      if (!config.telegram) throw badRequest(MESSAGES.telegramNotConfigured);
      if (!isTelegramHashValid(input, config.telegram.botToken)) throw unauthorized(MESSAGES.telegramInvalid);
      const ageSeconds = clock.now().getTime() / 1000 - input.auth_date;
      if (ageSeconds > TELEGRAM_AUTH_MAX_AGE_SECONDS || ageSeconds < -60)
        throw unauthorized(MESSAGES.telegramStale);
      const user = await repo.upsertUserByTelegram(db, {
        telegramId: input.id,
        firstName: input.first_name,
        lastName: input.last_name,
        username: input.username,
        photoUrl: input.photo_url,
      });
      return startUserSession(db, user, 'telegram', meta);
    },

    /** Renews the token of a live session (same session, later expiry). */
    async refresh(principal: UserPrincipal): Promise<AuthResponse> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ttlMs);
      const found = await repo.findLiveUserSession(db, principal.sessionId, now);
      if (!found || !(await repo.extendSession(db, principal.sessionId, expiresAt, now)))
        throw unauthorized();
      return {
        token: issueToken('user', principal.sessionId, found.user.id, expiresAt),
        expiresAt: expiresAt.toISOString(),
        user: toSessionUser(found.user),
      };
    },

    async logout(principal: Principal): Promise<void> {
      // An API key has no session to end (no logout route accepts one: decision 070).
      if (principal.kind === 'apiKey') return;
      await repo.revokeSession(db, principal.sessionId, clock.now());
    },

    async loginPartner(input: PartnerLoginRequest, meta: RequestMeta): Promise<PartnerAuthResponse> {
      const login = input.email.trim().toLowerCase();
      await refuseWhileLocked('partner', login);
      const account = await repo.findPartnerAccountByEmail(db, input.email);
      const isMatch = await verifyPassword(input.password, account?.passwordHash ?? (await getDummyHash()));
      if (!account || !isMatch || account.status === 'BANNED')
        return failSignIn('partner', login, account && account.status !== 'BANNED' ? account.email : null);
      await repo.clearSignInFailures(db, 'partner', login);
      return startPartnerSession(db, account, meta);
    },

    startPartnerSession,

    /** Token → principal, checked against the live session (revocation and role changes apply at once). */
    async resolvePrincipal(token: string): Promise<Principal | null> {
      const now = clock.now();
      const claims = verifyToken(token, config.jwtSecret, Math.floor(now.getTime() / 1000));
      if (!claims) return null;
      if (claims.kind === 'user') {
        const found = await repo.findLiveUserSession(db, claims.sid, now);
        if (!found) return null;
        return {
          kind: 'user',
          userId: found.user.id,
          role: found.user.role,
          email: found.user.email,
          sessionId: claims.sid,
        };
      }
      const found = await repo.findLivePartnerSession(db, claims.sid, now);
      if (!found || found.partner.status === 'BANNED') return null;
      return {
        kind: 'partner',
        partnerAccountId: found.partner.id,
        partnerType: found.partner.type,
        sessionId: claims.sid,
      };
    },
  };

  function lockedError(lockedUntil: Date): AppError {
    const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - clock.now().getTime()) / 1000));
    return new AppError(
      'TOO_MANY_REQUESTS',
      formatMessage(MESSAGES.signInLocked, { minutes: Math.ceil(seconds / 60) }),
      { headers: { 'retry-after': String(seconds) } },
    );
  }

  /** A locked login is refused before its password is even checked (the lock is on the login, known or not). */
  async function refuseWhileLocked(realm: SignInRealm, login: string): Promise<void> {
    const lockedUntil = await repo.signInLockedUntil(db, realm, login, clock.now());
    if (lockedUntil) throw lockedError(lockedUntil);
  }

  /**
   * Counts the failure; answers 401, or 429 when this failure locked the login or a concurrent one already had.
   * A new lock on a real account is mailed to its owner in the same transaction (once per lock).
   */
  async function failSignIn(realm: SignInRealm, login: string, ownerEmail: string | null): Promise<never> {
    const now = clock.now();
    const counted = await db.transaction(async (tx) => {
      const result = await repo.countSignInFailure(tx, realm, login, now, SIGN_IN_LOCK);
      if (result?.lockedUntil && ownerEmail) {
        await mail.queue(tx, {
          to: ownerEmail,
          template: 'sign-in-locked',
          params: { email: ownerEmail, realm, failures: result.failures, lockedUntil: result.lockedUntil },
        });
      }
      return result;
    });
    if (!counted) {
      const lockedUntil = await repo.signInLockedUntil(db, realm, login, now);
      throw lockedError(lockedUntil ?? new Date(now.getTime() + 60_000));
    }
    if (counted.lockedUntil) throw lockedError(counted.lockedUntil);
    throw unauthorized(MESSAGES.invalidCredentials);
  }

  /**
   * One code per address and purpose at a time; one new code per address per cooldown; mailed in the same
   * transaction. Requests for one address and purpose queue on a transaction lock and read the latest code only
   * then (decision 019), so requests sent at once cannot all pass the cooldown and mail a code each.
   */
  async function issueCode(
    email: string,
    purpose: string,
    compose: (tx: Tx, code: string) => Promise<MailMessage>,
  ): Promise<RequestCodeResponse> {
    const now = clock.now();
    const cooldownMs = config.rateLimits.codePerEmailSeconds * 1000;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.transaction(async (tx) => {
      await repo.lockCodesOf(tx, email, purpose);
      const latest = await repo.latestCode(tx, email, purpose);
      if (latest && now.getTime() - latest.createdAt.getTime() < cooldownMs) {
        const retryAfter = Math.ceil((latest.createdAt.getTime() + cooldownMs - now.getTime()) / 1000);
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.codeRequestTooSoon, {
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      await repo.retireCodes(tx, email, now, purpose);
      await repo.insertCode(tx, {
        email,
        purpose,
        codeHash: codeHash(email, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      });
      await mail.queue(tx, { to: email, ...(await compose(tx, code)), secrets: [code] });
    });
    return { success: true, retryAfterSeconds: config.rateLimits.codePerEmailSeconds };
  }

  /**
   * Checks a code outside any transaction, so a try is counted even though the request fails. Every try, the
   * right one too, first takes one of the code's CODE_MAX_ATTEMPTS tries in one conditional UPDATE (decision 019):
   * concurrent tries cannot all read "tries left" and then count, and the 5th wrong try kills the code. Returns the
   * code's id for `consumeCodeOrThrow` in the caller's transaction.
   */
  async function checkCode(email: string, purpose: string, code: string): Promise<string> {
    const now = clock.now();
    const taken = await repo.takeCodeAttempt(db, email, purpose, now, CODE_MAX_ATTEMPTS);
    if (!taken) {
      const latest = await repo.latestCode(db, email, purpose);
      const isLive = latest && !latest.usedAt && latest.expiresAt > now;
      throw badRequest(isLive ? MESSAGES.codeTooManyAttempts : MESSAGES.codeExpired);
    }
    if (!safeEqual(taken.codeHash, codeHash(email, code))) {
      throw badRequest(
        taken.attempts >= CODE_MAX_ATTEMPTS ? MESSAGES.codeTooManyAttempts : MESSAGES.invalidCode,
      );
    }
    return taken.id;
  }

  /** Single use: the code is consumed only if it is still unused and live, whoever else holds its id. */
  async function consumeCodeOrThrow(tx: Tx, codeId: string): Promise<void> {
    if (!(await repo.consumeCode(tx, codeId, clock.now(), CODE_MAX_ATTEMPTS)))
      throw badRequest(MESSAGES.codeExpired);
  }

  async function refusePasswordOnlyAccount(dbOrTx: DbOrTx, email: string): Promise<void> {
    if (signsInWithPasswordOnly(await repo.findUserByEmail(dbOrTx, email)))
      throw forbidden(MESSAGES.staffSignInWithPassword);
  }

  /**
   * Staff who sign in with a password get the plain page address: a sign-in link would not work for them.
   * `owner`: the address's user row when the caller has just read it in this transaction (saves reading it again).
   */
  async function createLoginLinkIn(
    tx: Tx | Db,
    email: string,
    path: string,
    owner?: Pick<UserRow, 'role' | 'passwordHash'>,
  ): Promise<string> {
    if (signsInWithPasswordOnly(owner ?? (await repo.findUserByEmail(tx, email))))
      return new URL(path, config.publicUrl).toString();
    const now = clock.now();
    // Single-use, short-lived, and only the newest one works (a code e-mail carries a new link too).
    const link = await repo.insertNewestLoginLink(tx, {
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.signInLinkTtlHours * 60 * 60 * 1000),
    });
    return loginLinkUrl(link.id, email, path);
  }

  function loginLinkUrl(id: string, email: string, path: string): string {
    const url = new URL(path, config.publicUrl);
    url.searchParams.set('email', email);
    url.searchParams.set('hash', `${id}.${linkSignature(id, email)}`);
    return url.toString();
  }

  /**
   * A sign-in link as `createLoginLink` makes it, not yet written: its URL, and the row for the message that carries
   * it to write in its own statement (`mail.queue`'s `loginLink`, decision 064: one round trip fewer per order).
   * The link works only once that statement has run (and committed). `owner` is the address's account, if any.
   */
  function newLoginLink(
    email: string,
    path: string,
    owner: Pick<UserRow, 'role' | 'passwordHash'> | undefined,
  ): { url: string; write: LoginLinkWrite | undefined } {
    if (signsInWithPasswordOnly(owner))
      return { url: new URL(path, config.publicUrl).toString(), write: undefined };
    const now = clock.now();
    const id = randomUUID();
    return {
      url: loginLinkUrl(id, email, path),
      write: {
        linkId: id,
        linkEmail: email,
        linkCreatedAt: now,
        linkExpiresAt: new Date(now.getTime() + config.signInLinkTtlHours * 60 * 60 * 1000),
      },
    };
  }
}

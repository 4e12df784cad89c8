import { randomInt } from 'node:crypto';
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
import { MESSAGES } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { getDummyHash, verifyPassword } from '../../lib/passwords.ts';
import { hmac, safeEqual, signToken, verifyToken, type TokenKind } from '../../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import { toPartnerProfile } from '../partner-portal/partner-portal.mapper.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import type { Principal, UserPrincipal } from './principal.ts';
import { isTelegramHashValid, TELEGRAM_AUTH_MAX_AGE_SECONDS } from './telegram.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const LOGIN_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const STAFF_ROLES = new Set(['ADMIN', 'MANAGER', 'PARTNER']);

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
  config: Pick<Config, 'jwtSecret' | 'sessionTtlHours' | 'publicUrl' | 'telegram' | 'rateLimits'>;
  clock: Clock;
}) {
  const { db, repo, mail, config, clock } = deps;
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
    const expiresAt = new Date(clock.now().getTime() + ttlMs);
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

  const codeHash = (email: string, code: string) => hmac(config.jwtSecret, 'email-code', email, code);
  const linkSignature = (id: string, email: string) => hmac(config.jwtSecret, 'login-link', id, email);

  return {
    /** Staff sign-in. The same 401 whether the login exists or not, after the same hashing work. */
    async loginStaff(input: LoginRequest, meta: RequestMeta): Promise<AuthResponse> {
      const user = await repo.findUserByEmail(db, input.login.trim().toLowerCase());
      const isAllowed = Boolean(user?.passwordHash && STAFF_ROLES.has(user.role));
      const isMatch = await verifyPassword(
        input.password,
        isAllowed ? user!.passwordHash! : await getDummyHash(),
      );
      if (!isAllowed || !isMatch || !user) throw unauthorized(MESSAGES.invalidCredentials);
      return startUserSession(db, user, 'password', meta);
    },

    async requestEmailCode(email: string): Promise<RequestCodeResponse> {
      return issueCode(email, 'sign-in', async (tx, code) => {
        const link = await createLoginLinkIn(tx, email, '/cabinet/orders');
        return {
          subject: `Код для входа: ${code}`,
          text:
            `Ваш код для входа в личный кабинет: ${code}\n` +
            `Код действует 10 минут. Если вы не запрашивали код, просто проигнорируйте это письмо.\n\n` +
            `Или войдите по ссылке: ${link}\n`,
          html:
            `<p>Ваш код для входа в личный кабинет:</p><p style="font-size:28px;letter-spacing:4px"><b>${code}</b></p>` +
            `<p>Код действует 10 минут. Если вы не запрашивали код, просто проигнорируйте это письмо.</p>` +
            `<p><a href="${escapeHtml(link)}">Войти в личный кабинет</a></p>`,
        };
      });
    },

    /** A code to the new address; the change happens only when it comes back (confirmEmailChange). */
    async requestEmailChangeCode(actor: UserPrincipal, email: string): Promise<RequestCodeResponse> {
      const taken = await repo.findUserByEmail(db, email);
      if (taken && taken.id !== actor.userId) throw new AppError('CONFLICT', MESSAGES.emailTaken);
      return issueCode(email, `email-change:${actor.userId}`, async (_tx, code) => ({
        subject: `Код подтверждения e-mail: ${code}`,
        text: `Код для подтверждения нового адреса в личном кабинете: ${code}\nКод действует 10 минут.`,
        html: null,
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
      const codeId = await checkCode(input.email, 'sign-in', input.verificationCode);
      return db.transaction(async (tx) => {
        await consumeCodeOrThrow(tx, codeId);
        const user = await repo.upsertUserByEmail(tx, input.email);
        return startUserSession(tx, user, 'email-code', meta);
      });
    },

    /** A single-use sign-in link for e-mails: `${publicUrl}${path}?email=…&hash=…`. */
    createLoginLink: createLoginLinkIn,

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
      await repo.revokeSession(db, principal.sessionId, clock.now());
    },

    async loginPartner(input: PartnerLoginRequest, meta: RequestMeta): Promise<PartnerAuthResponse> {
      const account = await repo.findPartnerAccountByEmail(db, input.email);
      const isMatch = await verifyPassword(input.password, account?.passwordHash ?? (await getDummyHash()));
      if (!account || !isMatch || account.status === 'BLOCKED')
        throw unauthorized(MESSAGES.invalidCredentials);
      const expiresAt = new Date(clock.now().getTime() + ttlMs);
      const session = await repo.insertSession(db, {
        kind: 'partner',
        partnerAccountId: account.id,
        method: 'password',
        expiresAt,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return {
        token: issueToken('partner', session.id, account.id, expiresAt),
        expiresAt: expiresAt.toISOString(),
        partner: toPartnerProfile(account),
      };
    },

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
      if (!found || found.partner.status === 'BLOCKED') return null;
      return { kind: 'partner', partnerAccountId: found.partner.id, sessionId: claims.sid };
    },
  };

  /**
   * One code per address and purpose at a time; one new code per address per cooldown; mailed in the same
   * transaction. Requests for one address and purpose queue on a transaction lock and read the latest code only
   * then (decision 019), so requests sent at once cannot all pass the cooldown and mail a code each.
   */
  async function issueCode(
    email: string,
    purpose: string,
    compose: (tx: Tx, code: string) => Promise<{ subject: string; text: string; html: string | null }>,
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
      await mail.queue(tx, { to: email, ...(await compose(tx, code)) });
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

  async function createLoginLinkIn(tx: Tx | Db, email: string, path: string): Promise<string> {
    const now = clock.now();
    const link = await repo.insertLoginLink(tx, {
      email,
      expiresAt: new Date(now.getTime() + LOGIN_LINK_TTL_MS),
    });
    const hash = `${link.id}.${linkSignature(link.id, email)}`;
    const url = new URL(path, config.publicUrl);
    url.searchParams.set('email', email);
    url.searchParams.set('hash', hash);
    return url.toString();
  }
}

import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ApiKeyScope, PartnerType, Role } from '@app/contracts';
import {
  API_KEY_HEADER,
  CORPORATE_PORTAL_TYPES,
  INTEGRATOR_PORTAL_TYPES,
  MESSAGES,
  PARTNER_MESSAGES,
  STAFF_ROLES,
} from '@app/contracts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';

/**
 * Who may call a route. Every /api route declares one; buildApp refuses to start otherwise.
 * - public: anyone (a valid token is still read, so the handler can see who calls)
 * - user: a cabinet/CRM session; with `roles`, only those roles (others get 403)
 * - partner: a partner-portal session; with `types`, only partners of those types (others get 403)
 * - apiKey: an integrator's API key with this scope, or any live key without one (the partner API,
 *   /api/v1/partner/…; decision 070). No session
 *   token opens such a route, and a key opens no other route (elsewhere it is no credential at all).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; roles?: readonly Role[] }
  | { kind: 'partner'; types?: readonly PartnerType[] }
  | { kind: 'apiKey'; scope?: ApiKeyScope };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };
export const ADMIN_ONLY: Access = { kind: 'user', roles: ['ADMIN'] };
export const STAFF: Access = { kind: 'user', roles: STAFF_ROLES };
export const PARTNER_PORTAL: Access = { kind: 'partner' };
export const INTEGRATOR_PORTAL: Access = { kind: 'partner', types: INTEGRATOR_PORTAL_TYPES };
export const API_KEY: Access = { kind: 'apiKey' };
export const apiKeyScope = (scope: ApiKeyScope): Access => ({ kind: 'apiKey', scope });
/** The corporate referrer's pages (issue 20, decision 069). */
export const CORPORATE_PORTAL: Access = { kind: 'partner', types: CORPORATE_PORTAL_TYPES };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    access?: Access;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    principal: Principal | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** Every /api route with its access declaration (for the authorization tests and docs). */
    accessTable: AccessTableEntry[];
  }
}

export type AccessTableEntry = { method: string; url: string; access: Access };

export type ResolvePrincipal = (token: string) => Promise<Principal | null>;
/**
 * An API key → its principal, or an AppError (401 unknown/revoked, 403 inactive partner, IP outside the key's
 * allow-list or a missing scope, 429 over the key's rate limit). `ip` is request.ip (the configured trust proxy).
 */
export type ResolveApiKey = (key: string, ip: string, scope: ApiKeyScope | undefined) => Promise<Principal>;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The API key of a partner API call: `Authorization: Bearer pk_live_…` or the `X-Api-Key` header. */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[API_KEY_HEADER];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  return bearerToken(request);
}

export const authPlugin = fp<{ resolvePrincipal: ResolvePrincipal; resolveApiKey?: ResolveApiKey }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('principal', null);
    const table: AccessTableEntry[] = [];
    app.decorate('accessTable', table);

    const authorize = async (request: FastifyRequest, access: Access, token: string | null) => {
      if (access.kind === 'apiKey') {
        const key = apiKeyOf(request);
        if (!key || !options.resolveApiKey) throw unauthorized(PARTNER_MESSAGES.apiKeyRequired);
        request.principal = await options.resolveApiKey(key, request.ip, access.scope);
        return;
      }
      request.principal = token ? await options.resolvePrincipal(token) : null;
      if (access.kind === 'public') return;
      const principal = request.principal;
      if (!principal || principal.kind !== access.kind) {
        throw token ? unauthorized(MESSAGES.sessionExpired) : unauthorized();
      }
      if (access.kind === 'user' && access.roles && principal.kind === 'user') {
        if (!access.roles.includes(principal.role)) throw forbidden();
      }
      if (access.kind === 'partner' && access.types && principal.kind === 'partner') {
        if (!access.types.includes(principal.partnerType))
          throw forbidden(PARTNER_MESSAGES.partnerTypeForbidden);
      }
    };

    /**
     * The route's access check, a hook of that route with its `access` bound (decision 040): a global hook read it
     * through `request.routeOptions`, a getter that builds a dozen-field object per call. It is the route's first
     * `onRequest` hook (before its rate limit and input guard, as the global hook was). Callback style so an
     * anonymous public call (the order form's hot path) costs no promise at all.
     */
    const accessHook = (access: Access) =>
      function checkAccess(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
        const token = bearerToken(request);
        if (!token && access.kind === 'public') return done();
        authorize(request, access, token).then(() => done(), done);
      };

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (route.url.startsWith('/api') && route.method !== 'HEAD') {
        if (!access) throw new Error(`Route ${String(route.method)} ${route.url} has no access declaration`);
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') table.push({ method: String(method), url: route.url, access });
        }
      }
      // A route without a declaration (pages, assets) needs no check, as before; HEAD routes get GET's check.
      if (!access) return;
      const hooks = [route.onRequest ?? []].flat() as unknown[];
      if (hooks.some((hook) => (hook as { name?: string }).name === 'checkAccess')) return;
      route.onRequest = [accessHook(access), ...hooks] as RouteOptions['onRequest'];
    });
  },
  { name: 'auth' },
);

export function requireUser(request: FastifyRequest): Extract<Principal, { kind: 'user' }> {
  const principal = request.principal;
  if (!principal || principal.kind !== 'user') throw unauthorized();
  return principal;
}

export function requirePartner(request: FastifyRequest): Extract<Principal, { kind: 'partner' }> {
  const principal = request.principal;
  if (!principal || principal.kind !== 'partner') throw unauthorized();
  return principal;
}

export function requireApiKey(request: FastifyRequest): Extract<Principal, { kind: 'apiKey' }> {
  const principal = request.principal;
  if (!principal || principal.kind !== 'apiKey') throw unauthorized(PARTNER_MESSAGES.apiKeyRequired);
  return principal;
}

export { AppError };

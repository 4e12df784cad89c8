import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { PartnerType, Role } from '@app/contracts';
import { MESSAGES, PARTNER_MESSAGES, STAFF_ROLES } from '@app/contracts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';

/**
 * Who may call a route. Every /api route declares one; buildApp refuses to start otherwise.
 * - public: anyone (a valid token is still read, so the handler can see who calls)
 * - user: a cabinet/CRM session; with `roles`, only those roles (others get 403)
 * - partner: a partner-portal session; with `partnerTypes`, only those types of partner (others get 403)
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; roles?: readonly Role[] }
  | { kind: 'partner'; partnerTypes?: readonly PartnerType[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };
export const ADMIN_ONLY: Access = { kind: 'user', roles: ['ADMIN'] };
export const STAFF: Access = { kind: 'user', roles: STAFF_ROLES };
export const PARTNER_PORTAL: Access = { kind: 'partner' };
/** Portal pages of one partner type (issue 20): another type gets 403 before the body is read. */
export const INTEGRATOR_PORTAL: Access = { kind: 'partner', partnerTypes: ['INTEGRATOR'] };
export const CORPORATE_PORTAL: Access = { kind: 'partner', partnerTypes: ['CORPORATE_REFERRAL'] };

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

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const authPlugin = fp<{ resolvePrincipal: ResolvePrincipal }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('principal', null);
    const table: AccessTableEntry[] = [];
    app.decorate('accessTable', table);

    const authorize = async (request: FastifyRequest, access: Access, token: string | null) => {
      request.principal = token ? await options.resolvePrincipal(token) : null;
      if (access.kind === 'public') return;
      const principal = request.principal;
      if (!principal || principal.kind !== access.kind) {
        throw token ? unauthorized(MESSAGES.sessionExpired) : unauthorized();
      }
      if (access.kind === 'user' && access.roles && principal.kind === 'user') {
        if (!access.roles.includes(principal.role)) throw forbidden();
      }
      if (access.kind === 'partner' && access.partnerTypes && principal.kind === 'partner') {
        if (!access.partnerTypes.includes(principal.partnerType))
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

export { AppError };

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthConfigResponseSchema,
  AuthResponseSchema,
  HashLoginRequestSchema,
  LoginRequestSchema,
  RequestCodeRequestSchema,
  RequestCodeResponseSchema,
  SuccessResponseSchema,
  TelegramAuthRequestSchema,
  VerifyCodeRequestSchema,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import { PUBLIC, SIGNED_IN, requireUser } from '../../plugins/auth.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (app, opts) => {
  const { auth, config } = opts;
  const signInLimit = {
    max: config.rateLimits.authPerIp,
    timeWindow: config.rateLimits.authWindowSeconds * 1000,
  };
  const tags = ['auth'];

  app.get(
    '/api/auth/config',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'Доступные способы входа', response: { 200: AuthConfigResponseSchema } },
    },
    async () => ({ telegramBotName: auth.isTelegramEnabled() ? (config.telegram?.botName ?? null) : null }),
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: PUBLIC, rateLimit: signInLimit },
      schema: {
        tags,
        summary: 'Вход сотрудника по логину и паролю',
        body: LoginRequestSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request) => auth.loginStaff(request.body, meta(request)),
  );

  app.post(
    '/api/auth/email/request-code',
    {
      config: { access: PUBLIC, rateLimit: signInLimit },
      schema: {
        tags,
        summary: 'Отправить код входа на e-mail',
        body: RequestCodeRequestSchema,
        response: { 200: RequestCodeResponseSchema },
      },
    },
    async (request) => auth.requestEmailCode(request.body.email),
  );

  app.post(
    '/api/auth/email/verify',
    {
      config: { access: PUBLIC, rateLimit: signInLimit },
      schema: {
        tags,
        summary: 'Вход по коду из письма',
        body: VerifyCodeRequestSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request) => auth.verifyEmailCode(request.body, meta(request)),
  );

  app.post(
    '/api/auth/hash',
    {
      config: { access: PUBLIC, rateLimit: signInLimit },
      schema: {
        tags,
        summary: 'Вход по одноразовой ссылке из письма',
        body: HashLoginRequestSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request) => auth.loginWithHash(request.body, meta(request)),
  );

  app.post(
    '/api/auth',
    {
      config: { access: PUBLIC, rateLimit: signInLimit },
      schema: {
        tags,
        summary: 'Вход через Telegram Login Widget',
        body: TelegramAuthRequestSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request) => auth.loginWithTelegram(request.body, meta(request)),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Продлить сессию и получить новый токен',
        response: { 200: AuthResponseSchema },
      },
    },
    async (request) => auth.refresh(requireUser(request)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Выйти (сессия отзывается)', response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await auth.logout(requireUser(request));
      return { success: true as const };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePortalPartnerStatusSchema,
  IdParamsSchema,
  PartnerApplicationListQuerySchema,
  PartnerApplicationListResponseSchema,
  PartnerApplicationSchema,
  PartnerProgramSettingsResponseSchema,
  PartnerProgramSettingsSchema,
  PortalPartnerListQuerySchema,
  PortalPartnerListResponseSchema,
  PortalPartnerSchema,
  RefusePartnerApplicationSchema,
  SetPortalPartnerCommissionSchema,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { PartnerJoiningService } from './partner-joining.service.ts';
import type { PartnerProgramService } from './partner-program.service.ts';

/** The CRM's partner programme pages (ADMIN): applications, settings, the portal partner list (decision 060). */
export const partnerProgramRoutes: FastifyPluginAsyncZod<{
  partnerJoining: PartnerJoiningService;
  partnerProgram: PartnerProgramService;
}> = async (app, opts) => {
  const { partnerJoining, partnerProgram } = opts;
  const tags = ['partner-program'];
  const config = { access: ADMIN_ONLY };

  app.get(
    '/api/admin/partner-applications',
    {
      config,
      schema: {
        tags,
        summary: 'Заявки в партнёрскую программу',
        querystring: PartnerApplicationListQuerySchema,
        response: { 200: PartnerApplicationListResponseSchema },
      },
    },
    async (request) => partnerJoining.list(request.query),
  );

  app.post(
    '/api/admin/partner-applications/:id/approve',
    {
      config,
      schema: {
        tags,
        summary: 'Одобрить заявку: кабинет партнёра и письмо со ссылкой для пароля',
        params: IdParamsSchema,
        response: { 200: PartnerApplicationSchema },
      },
    },
    async (request) => partnerJoining.approve(requireUser(request), request.params.id),
  );

  app.post(
    '/api/admin/partner-applications/:id/refuse',
    {
      config,
      schema: {
        tags,
        summary: 'Отклонить заявку с причиной (уходит письмом)',
        params: IdParamsSchema,
        body: RefusePartnerApplicationSchema,
        response: { 200: PartnerApplicationSchema },
      },
    },
    async (request) => partnerJoining.refuse(requireUser(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/admin/partner-program/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Настройки партнёрской программы',
        response: { 200: PartnerProgramSettingsResponseSchema },
      },
    },
    async () => partnerProgram.getSettings(),
  );

  app.put(
    '/api/admin/partner-program/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Сохранить настройки партнёрской программы',
        body: PartnerProgramSettingsSchema,
        response: { 200: PartnerProgramSettingsResponseSchema },
      },
    },
    async (request) => partnerProgram.updateSettings(requireUser(request), request.body),
  );

  app.get(
    '/api/admin/partner-program/partners',
    {
      config,
      schema: {
        tags,
        summary: 'Партнёры программы (кабинет партнёра)',
        querystring: PortalPartnerListQuerySchema,
        response: { 200: PortalPartnerListResponseSchema },
      },
    },
    async (request) => partnerProgram.listPartners(request.query),
  );

  app.put(
    '/api/admin/partner-program/partners/:id/status',
    {
      config,
      schema: {
        tags,
        summary: 'Сменить статус партнёра (с причиной)',
        params: IdParamsSchema,
        body: ChangePortalPartnerStatusSchema,
        response: { 200: PortalPartnerSchema },
      },
    },
    async (request) => partnerProgram.changeStatus(requireUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/admin/partner-program/partners/:id/commission',
    {
      config,
      schema: {
        tags,
        summary: 'Своя комиссия партнёра (null — по умолчанию для типа)',
        params: IdParamsSchema,
        body: SetPortalPartnerCommissionSchema,
        response: { 200: PortalPartnerSchema },
      },
    },
    async (request) =>
      partnerProgram.setCommission(requireUser(request), request.params.id, request.body.commissionPercent),
  );
};

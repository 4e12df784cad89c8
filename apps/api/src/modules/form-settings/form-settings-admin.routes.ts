import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAssuranceSchema,
  AdminDeliverySchema,
  AdminDocumentTypeSchema,
  AssuranceInputSchema,
  DeleteByIdRequestSchema,
  DeletePromoCodeRequestSchema,
  DeliveryInputSchema,
  DocumentTypeInputSchema,
  PromoCodeInputSchema,
  PromoCodeSchema,
  SuccessResponseSchema,
  UpdateAssuranceRequestSchema,
  UpdateDeliveryRequestSchema,
  UpdateDocumentTypeRequestSchema,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { FormSettingsAdminService } from './form-settings-admin.service.ts';

const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const SUCCESS = { success: true as const };

/** /crm/form-settings: the order form's catalogue and promo codes (ADMIN). */
export const formSettingsAdminRoutes: FastifyPluginAsyncZod<{ admin: FormSettingsAdminService }> = async (
  app,
  opts,
) => {
  const tags = ['form settings (back office)'];
  const { admin } = opts;
  const config = { access: ADMIN_ONLY };

  // ---- documents ----
  app.get(
    '/api/form-settings/document',
    {
      config,
      schema: { tags, summary: 'Документы формы заказа', response: { 200: items(AdminDocumentTypeSchema) } },
    },
    async () => ({ items: await admin.listDocuments() }),
  );
  app.post(
    '/api/form-settings/document',
    {
      config,
      schema: {
        tags,
        summary: 'Добавить документ',
        body: DocumentTypeInputSchema,
        response: { 201: AdminDocumentTypeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.createDocument(requireUser(request), request.body)),
  );
  app.put(
    '/api/form-settings/document',
    {
      config,
      schema: {
        tags,
        summary: 'Изменить документ',
        body: UpdateDocumentTypeRequestSchema,
        response: { 200: AdminDocumentTypeSchema },
      },
    },
    async (request) => admin.updateDocument(requireUser(request), request.body),
  );
  app.delete(
    '/api/form-settings/document',
    {
      config,
      schema: {
        tags,
        summary: 'Удалить документ (заказы сохраняют свои строки)',
        body: DeleteByIdRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await admin.removeDocument(requireUser(request), request.body.id);
      return SUCCESS;
    },
  );

  // ---- assurances ----
  app.get(
    '/api/form-settings/assurance',
    { config, schema: { tags, summary: 'Заверения', response: { 200: items(AdminAssuranceSchema) } } },
    async () => ({ items: await admin.listAssurances() }),
  );
  app.post(
    '/api/form-settings/assurance',
    {
      config,
      schema: {
        tags,
        summary: 'Добавить заверение',
        body: AssuranceInputSchema,
        response: { 201: AdminAssuranceSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.createAssurance(requireUser(request), request.body)),
  );
  app.put(
    '/api/form-settings/assurance',
    {
      config,
      schema: {
        tags,
        summary: 'Изменить заверение',
        body: UpdateAssuranceRequestSchema,
        response: { 200: AdminAssuranceSchema },
      },
    },
    async (request) => admin.updateAssurance(requireUser(request), request.body),
  );
  app.delete(
    '/api/form-settings/assurance',
    {
      config,
      schema: {
        tags,
        summary: 'Удалить заверение',
        body: DeleteByIdRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await admin.removeAssurance(requireUser(request), request.body.id);
      return SUCCESS;
    },
  );

  // ---- deliveries ----
  app.get(
    '/api/form-settings/delivery',
    { config, schema: { tags, summary: 'Способы доставки', response: { 200: items(AdminDeliverySchema) } } },
    async () => ({ items: await admin.listDeliveries() }),
  );
  app.post(
    '/api/form-settings/delivery',
    {
      config,
      schema: {
        tags,
        summary: 'Добавить способ доставки',
        body: DeliveryInputSchema,
        response: { 201: AdminDeliverySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.createDelivery(requireUser(request), request.body)),
  );
  app.put(
    '/api/form-settings/delivery',
    {
      config,
      schema: {
        tags,
        summary: 'Изменить способ доставки',
        body: UpdateDeliveryRequestSchema,
        response: { 200: AdminDeliverySchema },
      },
    },
    async (request) => admin.updateDelivery(requireUser(request), request.body),
  );
  app.delete(
    '/api/form-settings/delivery',
    {
      config,
      schema: {
        tags,
        summary: 'Удалить способ доставки',
        body: DeleteByIdRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await admin.removeDelivery(requireUser(request), request.body.id);
      return SUCCESS;
    },
  );

  // ---- promo codes (the public check stays GET /api/form-settings/promocode/validate in orders.routes.ts) ----
  app.get(
    '/api/form-settings/promocode',
    { config, schema: { tags, summary: 'Промокоды', response: { 200: items(PromoCodeSchema) } } },
    async () => ({ items: await admin.listPromoCodes() }),
  );
  app.post(
    '/api/form-settings/promocode',
    {
      config,
      schema: {
        tags,
        summary: 'Создать промокод',
        body: PromoCodeInputSchema,
        response: { 201: PromoCodeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.createPromoCode(requireUser(request), request.body)),
  );
  app.put(
    '/api/form-settings/promocode',
    {
      config,
      schema: {
        tags,
        summary: 'Изменить промокод',
        body: PromoCodeInputSchema,
        response: { 200: PromoCodeSchema },
      },
    },
    async (request) => admin.updatePromoCode(requireUser(request), request.body),
  );
  app.delete(
    '/api/form-settings/promocode',
    {
      config,
      schema: {
        tags,
        summary: 'Удалить промокод',
        body: DeletePromoCodeRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await admin.removePromoCode(requireUser(request), request.body.code);
      return SUCCESS;
    },
  );
};

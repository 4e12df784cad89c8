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
  listResponse,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { FormSettingsAdminService } from './form-settings-admin.service.ts';

const SUCCESS = { success: true as const };

type UserPrincipal = ReturnType<typeof requireUser>;
type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One catalogue group of the order form (document, assurance, delivery): list, create, update and delete at
 * /api/form-settings/{group}, ADMIN only; delete keeps the row so old orders keep their lines.
 */
function catalogueGroupRoutes<
  Item extends z.ZodType,
  Input extends z.ZodType,
  Update extends z.ZodType<{ id: string }>,
>(
  app: RoutesApp,
  group: {
    path: string;
    item: Item;
    input: Input;
    update: Update;
    titles: { list: string; create: string; update: string; remove: string };
    list: () => Promise<z.infer<Item>[]>;
    create: (actor: UserPrincipal, input: z.infer<Input>) => Promise<z.infer<Item>>;
    change: (actor: UserPrincipal, input: z.infer<Update>) => Promise<z.infer<Item>>;
    remove: (actor: UserPrincipal, id: string) => Promise<unknown>;
  },
) {
  const tags = ['form settings (back office)'];
  const config = { access: ADMIN_ONLY };
  const url = `/api/form-settings/${group.path}`;
  // Fastify sees the schemas as plain zod types (it cannot resolve reply types of a generic schema); they still
  // validate the body and check and serialize the answer, and the group's functions stay typed by them.
  const item: z.ZodType = group.item;
  const input: z.ZodType = group.input;
  const update: z.ZodType = group.update;
  app.get(
    url,
    { config, schema: { tags, summary: group.titles.list, response: { 200: listResponse(item) } } },
    async () => ({ items: await group.list() }),
  );
  app.post(
    url,
    {
      config,
      schema: { tags, summary: group.titles.create, body: input, response: { 201: item } },
    },
    async (request, reply) =>
      reply.status(201).send(await group.create(requireUser(request), request.body as z.infer<Input>)),
  );
  app.put(
    url,
    {
      config,
      schema: { tags, summary: group.titles.update, body: update, response: { 200: item } },
    },
    async (request) => group.change(requireUser(request), request.body as z.infer<Update>),
  );
  app.delete(
    url,
    {
      config,
      schema: {
        tags,
        summary: group.titles.remove,
        body: DeleteByIdRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await group.remove(requireUser(request), request.body.id);
      return SUCCESS;
    },
  );
}

/** /crm/form-settings: the order form's catalogue and promo codes (ADMIN). */
export const formSettingsAdminRoutes: FastifyPluginAsyncZod<{ admin: FormSettingsAdminService }> = async (
  app,
  opts,
) => {
  const tags = ['form settings (back office)'];
  const { admin } = opts;
  const config = { access: ADMIN_ONLY };

  catalogueGroupRoutes(app, {
    path: 'document',
    item: AdminDocumentTypeSchema,
    input: DocumentTypeInputSchema,
    update: UpdateDocumentTypeRequestSchema,
    titles: {
      list: 'Документы формы заказа',
      create: 'Добавить документ',
      update: 'Изменить документ',
      remove: 'Удалить документ (заказы сохраняют свои строки)',
    },
    list: () => admin.listDocuments(),
    create: (actor, input) => admin.createDocument(actor, input),
    change: (actor, input) => admin.updateDocument(actor, input),
    remove: (actor, id) => admin.removeDocument(actor, id),
  });
  catalogueGroupRoutes(app, {
    path: 'assurance',
    item: AdminAssuranceSchema,
    input: AssuranceInputSchema,
    update: UpdateAssuranceRequestSchema,
    titles: {
      list: 'Заверения',
      create: 'Добавить заверение',
      update: 'Изменить заверение',
      remove: 'Удалить заверение',
    },
    list: () => admin.listAssurances(),
    create: (actor, input) => admin.createAssurance(actor, input),
    change: (actor, input) => admin.updateAssurance(actor, input),
    remove: (actor, id) => admin.removeAssurance(actor, id),
  });
  catalogueGroupRoutes(app, {
    path: 'delivery',
    item: AdminDeliverySchema,
    input: DeliveryInputSchema,
    update: UpdateDeliveryRequestSchema,
    titles: {
      list: 'Способы доставки',
      create: 'Добавить способ доставки',
      update: 'Изменить способ доставки',
      remove: 'Удалить способ доставки',
    },
    list: () => admin.listDeliveries(),
    create: (actor, input) => admin.createDelivery(actor, input),
    change: (actor, input) => admin.updateDelivery(actor, input),
    remove: (actor, id) => admin.removeDelivery(actor, id),
  });

  // ---- promo codes (the public check stays GET /api/form-settings/promocode/validate in orders.routes.ts) ----
  app.get(
    '/api/form-settings/promocode',
    { config, schema: { tags, summary: 'Промокоды', response: { 200: listResponse(PromoCodeSchema) } } },
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

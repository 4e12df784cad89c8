import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeRoleRequestSchema,
  IdParamsSchema,
  SuccessResponseSchema,
  UserListItemSchema,
  UserListQuerySchema,
  listResponse,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, opts) => {
  const tags = ['users'];
  app.get(
    '/api/user/list',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Пользователи (фильтр по роли, поиск)',
        querystring: UserListQuerySchema,
        response: { 200: listResponse(UserListItemSchema) },
      },
    },
    async (request) => opts.users.list(request.query),
  );
  app.patch(
    '/api/user/:id/role',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Сменить роль (не свою)',
        params: IdParamsSchema,
        body: ChangeRoleRequestSchema,
        response: { 200: UserListItemSchema },
      },
    },
    async (request) => opts.users.changeRole(requireUser(request), request.params.id, request.body.role),
  );
  app.delete(
    '/api/user/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Удалить пользователя (не себя)',
        params: IdParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await opts.users.remove(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
};

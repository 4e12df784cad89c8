import type { CreateSavedViewRequest, SavedView } from '@app/contracts';
import { formatMessage, MESSAGES, SAVED_VIEWS_MAX } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import { toSavedView } from './saved-views.mapper.ts';
import type { SavedViewsRepository } from './saved-views.repository.ts';

export type SavedViewsService = ReturnType<typeof createSavedViewsService>;

/** Saved views of the CRM order list: each staff member sees, saves and deletes only their own (decision 052). */
export function createSavedViewsService(deps: { db: Db; repo: SavedViewsRepository }) {
  const { db, repo } = deps;
  return {
    async list(actor: UserPrincipal): Promise<SavedView[]> {
      return (await repo.listOf(db, actor.userId)).map(toSavedView);
    },

    /**
     * The limit is checked and the row inserted under the owner's user-row lock (decision 019): two saves at
     * once cannot both pass the check at SAVED_VIEWS_MAX − 1.
     */
    async create(actor: UserPrincipal, input: CreateSavedViewRequest): Promise<SavedView> {
      return db.transaction(async (tx) => {
        if (!(await repo.lockOwner(tx, actor.userId))) throw notFound();
        if ((await repo.countOf(tx, actor.userId)) >= SAVED_VIEWS_MAX) {
          throw new AppError('CONFLICT', formatMessage(MESSAGES.savedViewLimit, { max: SAVED_VIEWS_MAX }));
        }
        const row = await repo.insert(tx, { userId: actor.userId, name: input.name, query: input.query });
        if (!row) throw new AppError('CONFLICT', MESSAGES.savedViewNameTaken);
        return toSavedView(row);
      });
    },

    async remove(actor: UserPrincipal, id: string): Promise<void> {
      if (!(await repo.deleteOwn(db, actor.userId, id))) throw notFound(MESSAGES.savedViewNotFound);
    },
  };
}

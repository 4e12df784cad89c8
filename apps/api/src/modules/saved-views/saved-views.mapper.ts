import type { SavedView } from '@app/contracts';
import type { SavedViewRow } from './saved-views.repository.ts';

export function toSavedView(row: SavedViewRow): SavedView {
  return { id: row.id, name: row.name, query: row.query, createdAt: row.createdAt.toISOString() };
}

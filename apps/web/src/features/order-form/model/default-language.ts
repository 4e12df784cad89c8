import type { OrderDraftStore } from './draft-store';

/**
 * Most documents brought to a Moscow bureau are Russian: Russian is offered as the source language while none is
 * chosen. Nothing happens (no re-render, no write) when there is nothing to change.
 */
export function applyDefaultOriginalLanguage(
  store: OrderDraftStore,
  languages: ReadonlyArray<{ code: string }>,
): void {
  if (store.getDraft().step1.originalLanguage || !languages.some((language) => language.code === 'ru'))
    return;
  store.update((draft) => ({ ...draft, step1: { ...draft.step1, originalLanguage: 'ru' } }));
}

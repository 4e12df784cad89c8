import { MESSAGES, type AddressSuggestion, type Party } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { SuggestionsProviderError, type SuggestionsClient } from '../../providers/suggestions.ts';

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;

/** Requisites rarely change: a found INN is asked again after an hour; the cache keeps the provider's quota. */
const PARTY_CACHE_MS = 3600 * 1000;
const PARTY_CACHE_SIZE = 1000;

const unavailable = () => new AppError('SERVICE_UNAVAILABLE', MESSAGES.suggestionsUnavailable);
/** Without a key there is nothing to ask: not a server fault (the form does not call it; the status says off). */
const notConfigured = () => new AppError('NOT_FOUND', MESSAGES.suggestionsUnavailable);

/**
 * The order form's suggestions (decision 039): requisites by INN and courier addresses from the provider; no
 * provider (no key) answers 404, a failing one 503, both «заполните поля вручную», never the provider's words.
 */
export function createSuggestionsService(deps: { client: SuggestionsClient | null; clock: Clock }) {
  const { client, clock } = deps;
  // Per app (built in createServices): a cache, not state one test sets and another reads.
  const parties = new Map<string, { party: Party | null; expiresAt: number }>();

  async function ask<T>(call: (provider: SuggestionsClient) => Promise<T>): Promise<T> {
    if (!client) throw notConfigured();
    try {
      return await call(client);
    } catch (error) {
      if (error instanceof SuggestionsProviderError) throw unavailable();
      throw error;
    }
  }

  return {
    status() {
      return { isEnabled: client !== null };
    },

    async findParty(inn: string): Promise<{ party: Party | null }> {
      const now = clock.now().getTime();
      const cached = parties.get(inn);
      if (cached && cached.expiresAt > now) return { party: cached.party };
      const party = await ask((provider) => provider.findPartyByInn(inn));
      if (parties.size >= PARTY_CACHE_SIZE) parties.delete(parties.keys().next().value!);
      parties.set(inn, { party, expiresAt: now + PARTY_CACHE_MS });
      return { party };
    },

    async suggestAddress(query: string): Promise<{ items: AddressSuggestion[] }> {
      return { items: await ask((provider) => provider.suggestAddress(query)) };
    },
  };
}

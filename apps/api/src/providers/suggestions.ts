import type { AddressSuggestion, Party } from '@app/contracts';

/** Company requisites and address suggestions. Implementation: DaData's suggestions API. */
export type SuggestionsClient = {
  findPartyByInn(inn: string): Promise<Party | null>;
  suggestAddress(query: string): Promise<AddressSuggestion[]>;
};

/** The provider failed (down, slow, refused our key): the form falls back to manual fields. */
export class SuggestionsProviderError extends Error {}

const ADDRESS_SUGGESTIONS = 5;

type DadataSuggestion<D> = { value?: unknown; data?: D };
type DadataParty = {
  inn?: unknown;
  kpp?: unknown;
  name?: { short_with_opf?: unknown; full_with_opf?: unknown };
  address?: { value?: unknown; unrestricted_value?: unknown } | null;
};
type DadataAddress = { geo_lat?: unknown; geo_lon?: unknown };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function coordinate(value: unknown, limit: number): number | null {
  const parsed = typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(parsed) && Math.abs(parsed) <= limit ? parsed : null;
}

/**
 * DaData suggestions API (`{apiUrl}/suggestions/api/4_1/rs/...`, header `Authorization: Token <key>`):
 * findById/party for requisites by INN (the head office), suggest/address for addresses, Moscow first.
 * Every call has a time limit; a non-2xx answer or a malformed body is a SuggestionsProviderError.
 */
export function createDadataClient(options: {
  apiUrl: string;
  token: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): SuggestionsClient {
  const fetchImpl = options.fetchImpl ?? fetch;
  async function call<D>(method: string, body: unknown): Promise<Array<DadataSuggestion<D>>> {
    let response: Response;
    try {
      response = await fetchImpl(`${options.apiUrl}/suggestions/api/4_1/rs/${method}`, {
        method: 'POST',
        headers: {
          authorization: `Token ${options.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new SuggestionsProviderError(`DaData ${method}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new SuggestionsProviderError(`DaData ${method} answered ${response.status}`);
    const parsed = (await response.json().catch(() => null)) as { suggestions?: unknown } | null;
    if (!parsed || !Array.isArray(parsed.suggestions)) {
      throw new SuggestionsProviderError(`DaData ${method}: no suggestions in the answer`);
    }
    return parsed.suggestions as Array<DadataSuggestion<D>>;
  }

  return {
    async findPartyByInn(inn) {
      const [found] = await call<DadataParty>('findById/party', {
        query: inn,
        count: 1,
        branch_type: 'MAIN',
      });
      const data = found?.data;
      const name = text(data?.name?.short_with_opf) ?? text(data?.name?.full_with_opf) ?? text(found?.value);
      if (!data || !name) return null;
      return {
        inn: text(data.inn) ?? inn,
        kpp: text(data.kpp),
        name,
        address: text(data.address?.unrestricted_value) ?? text(data.address?.value),
      };
    },
    async suggestAddress(query) {
      const suggestions = await call<DadataAddress>('suggest/address', {
        query,
        count: ADDRESS_SUGGESTIONS,
        locations_boost: [{ kladr_id: '77' }],
      });
      const items: AddressSuggestion[] = [];
      for (const suggestion of suggestions.slice(0, ADDRESS_SUGGESTIONS)) {
        const value = text(suggestion.value);
        if (!value) continue;
        const lat = coordinate(suggestion.data?.geo_lat, 90);
        const lon = coordinate(suggestion.data?.geo_lon, 180);
        items.push({ value, coordinates: lat !== null && lon !== null ? [lat, lon] : null });
      }
      return items;
    },
  };
}

import { startFakeServer, type RecordedRequest } from './http-fake.ts';

export type FakeParty = {
  inn: string;
  kpp?: string;
  name: string;
  address: string;
};

/**
 * Speaks the parts of DaData's suggestions API we use: findById/party (by INN, head office) and suggest/address
 * (by the start of any word of the address). 401 without `Authorization: Token <key>`, 403 for another key;
 * tests can make the next calls fail.
 */
export async function startFakeDadata(options: { token: string; parties: FakeParty[]; addresses: string[] }) {
  let failures = 0;
  const fake = await startFakeServer((request: RecordedRequest) => {
    const authorization = request.headers.authorization;
    if (!authorization?.startsWith('Token ')) return { status: 401, body: { message: 'Unauthorized' } };
    if (authorization !== `Token ${options.token}`) return { status: 403, body: { message: 'Forbidden' } };
    if (failures > 0) {
      failures -= 1;
      return { status: 500, body: { message: 'Internal server error' } };
    }
    const body = request.body as { query?: unknown; count?: unknown };
    if (typeof body.query !== 'string') return { status: 400, body: { message: 'query is required' } };
    const count = typeof body.count === 'number' ? body.count : 10;
    if (request.url === '/suggestions/api/4_1/rs/findById/party') {
      const party = options.parties.find((candidate) => candidate.inn === body.query);
      return {
        status: 200,
        body: {
          suggestions: party
            ? [
                {
                  value: party.name,
                  unrestricted_value: party.name,
                  data: {
                    inn: party.inn,
                    kpp: party.kpp ?? null,
                    type: party.kpp ? 'LEGAL' : 'INDIVIDUAL',
                    name: { short_with_opf: party.name, full_with_opf: party.name },
                    address: { value: party.address, unrestricted_value: `101000, ${party.address}` },
                    state: { status: 'ACTIVE' },
                  },
                },
              ]
            : [],
        },
      };
    }
    if (request.url === '/suggestions/api/4_1/rs/suggest/address') {
      const words = body.query.toLowerCase().split(/\s+/).filter(Boolean);
      const matches = options.addresses.filter((address) =>
        words.every((word) =>
          address
            .toLowerCase()
            .split(/[\s,]+/)
            .some((part) => part.startsWith(word)),
        ),
      );
      return {
        status: 200,
        body: {
          suggestions: matches.slice(0, count).map((value, index) => ({
            value,
            unrestricted_value: `г Москва, ${value}`,
            data: { geo_lat: index === 0 ? '55.7575' : null, geo_lon: index === 0 ? '37.6130' : null },
          })),
        },
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return {
    ...fake,
    failNext(times = 1) {
      failures = times;
    },
  };
}

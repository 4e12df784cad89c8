import { useEffect, useRef } from 'react';
import { usePartyLookup } from '../api/suggestions';
import { useDraftUpdater, useOrderDraftStore } from './use-order-draft';

export type PartyLookupState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; name: string }
  | { status: 'not-found' }
  | { status: 'failed' };

type Filled = { organizationName: string; organizationKpp: string; organizationAddress: string };

/**
 * An organization payer's complete INN looks the company up (when the server has a suggestions provider) and
 * fills its name, KPP and legal address, once per INN, into the fields that are empty or still hold what we
 * filled before: what the customer typed (or their profile brought) is never overwritten.
 */
export function usePartyPrefill(inn: string, isOrganization: boolean): PartyLookupState {
  const normalised = isOrganization ? inn.trim() : '';
  const query = usePartyLookup(normalised);
  const store = useOrderDraftStore();
  const { updateStep2 } = useDraftUpdater();
  const filled = useRef<{ inn: string; values: Filled } | null>(null);
  const party = query.data?.party;
  useEffect(() => {
    if (!party || filled.current?.inn === party.inn) return;
    const step = store.getDraft().step2;
    const found: Filled = {
      organizationName: party.name,
      organizationKpp: party.kpp ?? '',
      organizationAddress: party.address ?? '',
    };
    const patch: Partial<Filled> = {};
    for (const key of Object.keys(found) as Array<keyof Filled>) {
      const isOurs = step[key].trim() === '' || step[key] === filled.current?.values[key];
      if (isOurs && found[key] !== '') patch[key] = found[key];
    }
    filled.current = { inn: party.inn, values: found };
    if (Object.keys(patch).length > 0) updateStep2(patch);
  }, [party, store, updateStep2]);

  if (query.fetchStatus === 'idle' && query.status === 'pending') return { status: 'idle' };
  if (query.isFetching && !query.data) return { status: 'searching' };
  if (query.isError) return { status: 'failed' };
  if (query.data)
    return query.data.party ? { status: 'found', name: query.data.party.name } : { status: 'not-found' };
  return { status: 'idle' };
}

export const PARTY_LOOKUP_TEXT: Record<PartyLookupState['status'], string | null> = {
  idle: null,
  searching: 'Ищем организацию по ИНН…',
  found: null,
  'not-found': 'Организация с таким ИНН не найдена — заполните реквизиты вручную',
  failed: 'Не удалось найти организацию — заполните реквизиты вручную',
};

import { useEffect } from 'react';
import { useSession } from '@/lib/session/session-store';
import { formatPhoneInput } from '@app/contracts';
import { useDraftUpdater, useOrderDraftStore } from './use-order-draft';

/**
 * A signed-in customer (cabinet token; the session loaded GET /api/profile) finds name, phone, e-mail and
 * organization filled in; only empty fields are filled, so their own edits always win.
 */
export function useProfilePrefill() {
  const { profile } = useSession();
  const store = useOrderDraftStore();
  const { updateStep2 } = useDraftUpdater();
  useEffect(() => {
    if (!profile) return;
    const step = store.getDraft().step2;
    const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
    const organization = profile.organization;
    const patch: Parameters<typeof updateStep2>[0] = {};
    if (!step.name && name) patch.name = name;
    if (step.phoneNumber.replace(/\D/g, '').length <= 1 && profile.phoneNumber) {
      patch.phoneNumber = formatPhoneInput(profile.phoneNumber);
    }
    if (!step.email && profile.email) patch.email = profile.email;
    if (organization && !step.organizationInn && !step.organizationName) {
      patch.organizationInn = organization.inn;
      patch.organizationKpp = organization.kpp ?? '';
      patch.organizationName = organization.name;
      patch.organizationAddress = organization.address;
    }
    if (Object.keys(patch).length > 0) updateStep2(patch);
  }, [profile, store, updateStep2]);
}

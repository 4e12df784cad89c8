import type { Role } from '@app/contracts';
import { getCrmRole } from '@/lib/session/credentials';
import { useSession } from '@/lib/session/session-store';

/** The signed-in back-office role, as the CRM layout reads it. */
export function useCrmRole(): Role | null {
  return useSession().role ?? getCrmRole();
}

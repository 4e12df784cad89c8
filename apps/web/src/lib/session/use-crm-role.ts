import type { Role } from '@app/contracts';
import { getCrmRole } from './credentials';
import { useSession } from './session-store';

/**
 * The signed-in back-office role: the one way a CRM component reads it (menus, pages, buttons). The session's
 * role once restored, the stored CRM role before that. Route loaders, which run outside React, read the stored
 * role with `getCrmRole()` (lib/session/credentials.ts).
 */
export function useCrmRole(): Role | null {
  return useSession().role ?? getCrmRole();
}

import type { CrmAccessRequest } from '@app/contracts';
import type { CrmAccessRequestRow } from './crm-access.repository.ts';

/** A request with the asking account's e-mail and name. */
export type CrmAccessRequestJoined = {
  request: CrmAccessRequestRow;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
};

export function toCrmAccessRequest(row: CrmAccessRequestJoined): CrmAccessRequest {
  return {
    id: row.request.id,
    userId: row.request.userId,
    email: row.email,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    comment: row.request.comment,
    status: row.request.status,
    grantedRole: row.request.grantedRole,
    createdAt: row.request.createdAt.toISOString(),
    decidedAt: row.request.decidedAt?.toISOString() ?? null,
  };
}

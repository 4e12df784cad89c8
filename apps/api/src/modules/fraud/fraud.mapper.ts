import { describeFraudEvidence, type FraudEvent } from '@app/contracts';
import type { partnerAccounts } from '../../db/schema/index.ts';
import type { FraudEventRow } from './fraud.repository.ts';

export function toFraudEvent(row: {
  event: FraudEventRow;
  partner: typeof partnerAccounts.$inferSelect;
  orderNumber: number | null;
}): FraudEvent {
  const { event, partner } = row;
  return {
    id: event.id,
    rule: event.rule,
    status: event.status,
    partner: { id: partner.id, name: partner.name, email: partner.email, status: partner.status },
    order: event.orderId && row.orderNumber !== null ? { id: event.orderId, number: row.orderNumber } : null,
    evidence: describeFraudEvidence(event.rule, event.evidence),
    createdAt: event.createdAt.toISOString(),
    resolvedAt: event.resolvedAt?.toISOString() ?? null,
    resolutionNote: event.resolutionNote,
  };
}

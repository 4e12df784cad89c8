import type { ClickLogItem, PartnerLink } from '@app/contracts';
import type { PartnerLinkRow } from './referrals.repository.ts';

export type LinkStats = { clicks: number; orders: number; paidOrders: number };

export function toPartnerLink(
  row: PartnerLinkRow,
  stats: LinkStats | undefined,
  publicUrl: string,
): PartnerLink {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    targetPath: row.targetPath,
    url: `${publicUrl}/r/${row.code}`,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    clicks: stats?.clicks ?? 0,
    orders: stats?.orders ?? 0,
    paidOrders: stats?.paidOrders ?? 0,
  };
}

export function toClickLogItem(row: {
  id: string;
  clickedAt: Date;
  linkId: string;
  linkName: string;
  linkCode: string;
  subId: string | null;
  ipTruncated: string | null;
  userAgent: string | null;
  referrer: string | null;
  converted: boolean;
}): ClickLogItem {
  return {
    id: row.id,
    clickedAt: row.clickedAt.toISOString(),
    linkId: row.linkId,
    linkName: row.linkName,
    linkCode: row.linkCode,
    subId: row.subId,
    ipTruncated: row.ipTruncated,
    userAgent: row.userAgent,
    referrer: row.referrer,
    converted: Boolean(row.converted),
  };
}

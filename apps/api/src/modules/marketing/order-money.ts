import { sql, type SQL } from 'drizzle-orm';
import { PAYMENT_FEE_PERCENT, TRANSLATOR_COST_PERCENT } from '../stats/stats.service.ts';

/**
 * What each order earned, for the marketing reports (issue 19): every report can show money, not only
 * conversions. One row per paid, live order that is not cancelled: `order_id`, `created_at`, `revenue_kopecks`
 * (the amount minus succeeded refunds) and `margin_kopecks` (revenue minus the unit economics costs of
 * stats.service, decision 016, applied to this one order: translators 40 % of the document lines, other documents,
 * delivery, the partner commission at the order's own rate, the acquiring fee on money paid online). Whole
 * kopecks. Use it as a subquery: `sql\`select … from ${orderMoneySql()} m join …\``.
 */
export function orderMoneySql(): SQL {
  const translatorRate = sql.raw(`${TRANSLATOR_COST_PERCENT}::numeric`);
  const feeRate = sql.raw(`${PAYMENT_FEE_PERCENT}::numeric`);
  return sql`(
    select o.id as order_id,
           o.created_at,
           (round(o.amount * 100) - coalesce(r.refunded, 0))::bigint as revenue_kopecks,
           (round(o.amount * 100) - coalesce(r.refunded, 0)
             - round(coalesce(l.documents, 0) * ${translatorRate})
             - round(coalesce(o.other_cost, 0) * 100)
             - round(o.delivery_price * 100)
             - round(o.amount * coalesce(o.partner_commission_percent, 0))
             - case when o.paid_outside then 0 else round(o.amount * ${feeRate}) end)::bigint as margin_kopecks
    from orders o
    left join lateral (
      select sum(ol.total) as documents from order_lines ol where ol.order_id = o.id and ol.kind = 'document'
    ) l on true
    left join lateral (
      select sum(rf.amount_kopecks) as refunded from refunds rf where rf.order_id = o.id and rf.status = 'succeeded'
    ) r on true
    where o.is_paid and o.deleted_at is null and o.status <> 'CANCELED'
  )`;
}

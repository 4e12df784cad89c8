/**
 * `marketing_order_daily` as the reports read it: its shards (decision 082) summed per day and tags, groups that
 * sum to nothing left out. Tests compare this, not the rows, with what `marketing_order_facts_rebuild()` writes:
 * the kept table spreads a day's figures over the connections that wrote them, the rebuild puts them in shard 0.
 */
export const ORDER_DAILY_SUMS_SQL = `
  select day, acquisition_channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term,
         sum(orders)::int as orders, sum(paid_orders)::int as paid_orders,
         sum(revenue_kopecks)::text as revenue_kopecks, sum(margin_kopecks)::text as margin_kopecks,
         sum(new_customers)::int as new_customers
    from marketing_order_daily
   group by 1, 2, 3, 4, 5, 6, 7
  having sum(orders) <> 0 or sum(paid_orders) <> 0 or sum(revenue_kopecks) <> 0 or sum(margin_kopecks) <> 0
      or sum(new_customers) <> 0
   order by 1, 2, 3, 4, 5, 6, 7`;

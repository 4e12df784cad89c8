import type pg from 'pg';

/**
 * The seeds' rebuild of the orders' marketing facts (decision 078) in one transaction with the journey days'
 * triggers on the facts off (decision 096): the rebuild rewrites every order's row, and a million trigger calls
 * doubled its time (46 → 90 s at full size). Every stored journey day is given back instead, as the triggers
 * would have done; the job stores them again.
 */
export async function rebuildMarketingFacts(client: pg.Client): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('ALTER TABLE marketing_order_facts DISABLE TRIGGER USER');
    await client.query('SELECT marketing_order_facts_rebuild()');
    await client.query('ALTER TABLE marketing_order_facts ENABLE TRIGGER USER');
    await client.query('DELETE FROM journey_closed_days');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

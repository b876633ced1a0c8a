import { sql } from 'drizzle-orm';

/**
 * The stock holder of SKU row `s` as SQL, for joins: a PACK draws on its base, and a base (or a SKU) in
 * a synset (`m`, joined on BASE_OF_S) on the synset.
 *
 * CASE, not COALESCE, on purpose: under forced row-level security PostgreSQL only pushes leakproof join
 * conditions into an index scan of the protected table, and it counts COALESCE as possibly leaky while it
 * looks through CASE and IS NULL. With COALESCE, the /inventory grid seq-scans every balance (130 ms at
 * 500k rows); with CASE it is an index lookup per row (5 ms).
 */
export const BASE_OF_S = sql.raw('(CASE WHEN s.pack_base_sku_id IS NULL THEN s.id ELSE s.pack_base_sku_id END)');
export const HOLDER_OF_S = sql.raw('(CASE WHEN m.synset_id IS NOT NULL THEN m.synset_id WHEN s.pack_base_sku_id IS NOT NULL THEN s.pack_base_sku_id ELSE s.id END)');
/** Joins the synset membership `m` of row `s`'s base. */
export const SYNSET_OF_S = sql`LEFT JOIN synset_members m ON m.tenant_id = s.tenant_id AND m.member_sku_id = ${BASE_OF_S}`;

/**
 * A list of ids as one uuid[] parameter, for `col = ANY(…)`. Not a join on `value::uuid` of a JSON array:
 * that cast is not leakproof, so under row-level security the condition could not reach the index and the
 * whole table would be scanned. Ids must be valid uuids (validated input or ids read from the database).
 */
export const uuidArray = (ids: Iterable<string>) => sql`${`{${[...new Set(ids)].join(',')}}`}::uuid[]`;

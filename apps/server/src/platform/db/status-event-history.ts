import { sql } from 'drizzle-orm';
import { paginate, type Paginated, type SupplyEventDto, type TListQuery } from '@omnio/domain';
import type { Tx } from './client';
import { offsetOf } from './list-query';
import { isoOrNull as iso, queryRows } from './rows';

/** One status event as the API shows it (docs/api-supply-chain.md, "history"): `ZSupplyEvent`. */
export type EventDto = SupplyEventDto;

/** The history of one subject (a supply_shipment, a transfer), oldest first: what recordStatusEvents wrote. */
export async function listSubjectEvents(
  tx: Tx, tenantId: string, subjectType: string, subjectId: string, query: Pick<TListQuery, 'page' | 'per_page'>,
): Promise<Paginated<EventDto>> {
  const rows = await queryRows<Record<string, unknown>>(tx, sql`
    SELECT e.id, e.action, e.from_status, e.to_status, e.data, e.created_at, e.user_id, u.name AS user_name
    FROM status_events e LEFT JOIN users u ON u.id = e.user_id
    WHERE e.tenant_id = ${tenantId}::uuid AND e.subject_type = ${subjectType} AND e.subject_id = ${subjectId}::uuid
    ORDER BY e.id LIMIT ${query.per_page} OFFSET ${offsetOf(query as TListQuery)}`);
  const [count] = await queryRows<{ n: number }>(tx, sql`
    SELECT count(*)::int AS n FROM status_events WHERE tenant_id = ${tenantId}::uuid AND subject_type = ${subjectType} AND subject_id = ${subjectId}::uuid`);
  const events = rows.map((e) => ({
    id: String(e.id),
    action: String(e.action),
    from_status: text(e.from_status),
    to_status: text(e.to_status),
    user: e.user_id ? { id: String(e.user_id), name: text(e.user_name) } : null,
    data: (e.data ?? {}) as Record<string, unknown>,
    created_at: iso(e.created_at),
  }));
  return paginate(events, Number(count?.n ?? 0), query.page, query.per_page);
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

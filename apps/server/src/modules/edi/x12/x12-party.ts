import type { X12Segment } from './x12-types';

/** An address as the outbound builders take it; idQualifier/id become N103/N104 (e.g. '92' + store number). */
export interface Party {
  name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal: string | null;
  country: string | null;
  idQualifier?: string | null;
  id?: string | null;
}

/** N1 (+ N3, N4 when there is something to say); nothing when the party has neither a name nor an ID. */
export function partySegments(entity: string, party: Party): X12Segment[] {
  const hasId = Boolean(party.idQualifier && party.id);
  if (!party.name && !hasId) return [];
  const out: X12Segment[] = [{ id: 'N1', elements: hasId ? [entity, party.name ?? '', party.idQualifier ?? '', party.id ?? ''] : [entity, party.name ?? ''] }];
  if (party.address1) out.push({ id: 'N3', elements: party.address2 ? [party.address1, party.address2] : [party.address1] });
  if (party.city || party.state || party.postal || party.country) {
    out.push({ id: 'N4', elements: [party.city ?? '', party.state ?? '', party.postal ?? '', party.country ?? ''] });
  }
  return out;
}

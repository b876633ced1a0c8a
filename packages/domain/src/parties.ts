import { z } from 'zod';
import { ZTimestamp } from './responses';

/**
 * What customers and suppliers ("parties") have in common: groups that sort them, addresses and contacts.
 * Each keeps only what differs in its own file (customers.ts, suppliers.ts); this file depends on neither.
 */

export const GROUP_TYPES = ['customer', 'supplier'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** The addresses and contacts of a create or PUT body, as far as the list rules need them. */
export interface PartyLists {
  addresses?: { id?: string | undefined; kind?: string | undefined; is_default?: boolean | undefined }[] | undefined;
  contacts?: { id?: string | undefined; name?: string | undefined }[] | undefined;
}

/** One default address per kind in a list (as far as the body tells the kind), and no id twice. */
export function refinePartyLists(v: PartyLists, ctx: z.RefinementCtx): void {
  const defaults = new Set<string>();
  const ids = new Set<string>();
  v.addresses?.forEach((a, i) => {
    const kind = a.kind ?? (a.id ? undefined : 'shipping');
    if (a.is_default && kind) {
      if (defaults.has(kind)) ctx.addIssue({ code: 'custom', path: ['addresses', i, 'is_default'], message: `Only one default ${kind} address` });
      defaults.add(kind);
    }
    if (a.id) {
      if (ids.has(a.id)) ctx.addIssue({ code: 'custom', path: ['addresses', i, 'id'], message: 'The address is repeated' });
      ids.add(a.id);
    }
  });
  const contactIds = new Set<string>();
  v.contacts?.forEach((c, i) => {
    if (!c.id) return;
    if (contactIds.has(c.id)) ctx.addIssue({ code: 'custom', path: ['contacts', i, 'id'], message: 'The contact is repeated' });
    contactIds.add(c.id);
  });
}

// ---- Answers (the response contract; see responses.ts) ----

/** An address as answered; `kinds` are the party's own (a supplier also has remit-to addresses). */
export const partyAddressOf = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({
    id: z.string(),
    kind: z.enum(kinds),
    is_default: z.boolean(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    company: z.string().nullable(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
    phone: z.string().nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  });
/** Any party's address (kind as a plain string), for screens shared by customers and suppliers. */
export type PartyAddressDto = z.input<ReturnType<typeof partyAddressOf>>;

/** A contact person of a customer or supplier. */
export const ZPartyContact = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type PartyContactDto = z.input<typeof ZPartyContact>;

/** A customer or supplier group (GET/POST/PUT /groups). */
export const ZGroup = z.object({
  id: z.string(),
  type: z.enum(GROUP_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  /** Members of the group: its customers, or for a supplier group its suppliers. */
  member_count: z.number().int(),
  /** The same count under its first name (docs/api-orders.md; the group screens read it). */
  customer_count: z.number().int(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type GroupDto = z.input<typeof ZGroup>;

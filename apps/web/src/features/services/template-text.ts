import type { TRuleNode } from '@omnio/domain';

/** Pure helpers of the template editors: JSON text in and out, and a flow read as one line. */

export type Parsed<T = unknown> = { ok: true; value: T } | { ok: false; error: string };

/** The JSON a person typed, or where it breaks (the parser's own words, which name the position). */
export function parseJsonText(text: string): Parsed {
  if (!text.trim()) return { ok: false, error: 'empty' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export const toJsonText = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The flow as a reader says it: from the start node along the first `next` of each node ("Start → Select
 * inventory location → End"), branches noted by their count, and stopping at a loop or a missing node.
 */
export function flowSummary(nodes: readonly Pick<TRuleNode, 'id' | 'type' | 'name' | 'next'>[]): string {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const seen = new Set<string>();
  const names: string[] = [];
  let current = nodes.find((n) => n.type === 'start');
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.push(current.next.length > 1 ? `${current.name} (${current.next.length})` : current.name);
    current = current.next[0] === undefined ? undefined : byId.get(current.next[0]);
  }
  return names.join(' → ');
}

/**
 * Where a 422 key of the API lands in a form whose JSON fields are one text box each: `nodes.1.next` and
 * `definition.relations.0.target` go to `nodes` / `definition`, with the inner path kept in the message.
 */
export function formFieldOf<F extends string>(key: string, fields: readonly F[]): { field: F; inner: string } | null {
  const [head, ...rest] = key.split('.');
  const field = fields.find((f) => f === head);
  return field ? { field, inner: rest.join('.') } : null;
}

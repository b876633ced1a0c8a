import type { TOrderInput, TOrderLineInput } from '../orders';
import type { FlowChangeDto } from './rule-api';
import { type FlowActionType, FLOW_ACTIONS, METADATA_FIELD_RE, SETTABLE_FIELDS } from './rule-catalog';
import type { FlowEffect, FlowFacts } from './rule-evaluate';
import { type TFlowNode, ZActionForms } from './rule-flow';
import { skuKey } from './rule-fields';
import { StepError, selectInventoryLocation } from './rule-iloc';
import { cloneJson, normText } from './rule-values';

/**
 * The actions of docs/api-rules.md "Actions", applied to the evaluator's copy of the order. What happens
 * after the order is written (cancel, notify, a hold until released) is answered as an effect.
 */

export interface ActionResult {
  action_type: FlowActionType;
  changes: FlowChangeDto[];
  effects: FlowEffect[];
}

const clone = <T>(v: T): T => cloneJson(v);
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Scalars (most fields an action sets) compare as they are; lists and objects by their JSON.
  if (a === null || a === undefined || b === null || b === undefined || typeof a !== 'object' || typeof b !== 'object') return (a ?? null) === (b ?? null);
  return JSON.stringify(a) === JSON.stringify(b);
}

type Settable = (typeof SETTABLE_FIELDS)[number];

function setTop(order: TOrderInput, key: Settable | 'hold_until', value: unknown, changes: FlowChangeDto[]) {
  const o = order as Record<string, unknown>;
  const before = o[key] ?? null;
  if (same(before, value)) return;
  o[key] = value;
  changes.push({ path: key, before, after: value });
}

function setMetadata(order: TOrderInput, key: string, value: unknown, changes: FlowChangeDto[]) {
  const meta = (order.metadata ??= {});
  const before = clone(meta[key]) ?? null;
  if (same(before, value)) return;
  meta[key] = value;
  changes.push({ path: `metadata.${key}`, before, after: clone(value) });
}

/** A node's parsed form, per node object: a batch runs the same flows' nodes over every order. */
const parsedForms = new WeakMap<TFlowNode, ReturnType<(typeof ZActionForms)[FlowActionType]['safeParse']>>();

function parseForm<A extends FlowActionType>(type: A, node: TFlowNode) {
  let parsed = parsedForms.get(node);
  if (!parsed) {
    parsed = ZActionForms[type].safeParse(node.formData ?? {});
    parsedForms.set(node, parsed);
  }
  if (!parsed.success) throw new StepError(`The action is not set up right: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data as ReturnType<(typeof ZActionForms)[A]['parse']>;
}

/** Does what the node says; throws StepError with the reason when it cannot be done. */
export function applyAction(order: TOrderInput, node: TFlowNode, facts: FlowFacts, flowId: string): ActionResult {
  const type = node.action_type as FlowActionType;
  if (!(FLOW_ACTIONS as readonly string[]).includes(type)) throw new StepError(`Unknown action ${node.action_type ?? ''}`.trim());
  const changes: FlowChangeDto[] = [];
  const effects: FlowEffect[] = [];
  switch (type) {
    case 'select_inventory_location':
      changes.push(...selectInventoryLocation(order, parseForm(type, node), node.iloc_id, facts));
      break;
    case 'set_ship_method': {
      const form = parseForm(type, node);
      if (form.ship_method !== undefined) setTop(order, 'ship_method', form.ship_method, changes);
      if (form.ship_carrier !== undefined) setTop(order, 'ship_carrier', form.ship_carrier, changes);
      break;
    }
    case 'hold': {
      const form = parseForm(type, node);
      if (form.until) setTop(order, 'hold_until', form.until, changes);
      else if (form.hours) setTop(order, 'hold_until', new Date(facts.now.getTime() + form.hours * 3_600_000).toISOString(), changes);
      else effects.push({ type: 'hold', until: null, flow_id: flowId });
      break;
    }
    case 'add_tag': {
      const { tag } = parseForm(type, node);
      const current = order.metadata?.tags;
      const tags = Array.isArray(current) ? current : current === undefined || current === null || current === '' ? [] : [current];
      if (!tags.some((t) => normText(t) === normText(tag))) setMetadata(order, 'tags', [...tags, tag], changes);
      break;
    }
    case 'add_note': {
      const { note } = parseForm(type, node);
      const before = order.notes ?? '';
      setTop(order, 'notes', before.trim() ? `${before}\n${note}` : note, changes);
      break;
    }
    case 'set_field': {
      const { field, value } = parseForm(type, node);
      if (METADATA_FIELD_RE.test(field)) setMetadata(order, field.slice('metadata.'.length), value, changes);
      else if ((SETTABLE_FIELDS as readonly string[]).includes(field)) setTop(order, field as Settable, value, changes);
      else throw new StepError(`The field ${field} cannot be set`);
      break;
    }
    case 'cancel':
      effects.push({ type: 'cancel', reason: parseForm(type, node).reason ?? '', flow_id: flowId });
      break;
    case 'notify': {
      const { title, message } = parseForm(type, node);
      effects.push({ type: 'notify', title, message, flow_id: flowId });
      break;
    }
    case 'add_line': {
      const form = parseForm(type, node);
      if (form.once && order.lines.some((l) => skuKey(l.sku) === skuKey(form.sku))) break;
      const line: TOrderLineInput = { sku: form.sku, quantity: form.quantity, ...(form.price !== undefined ? { price: form.price } : {}) };
      order.lines.push(line);
      changes.push({ path: `lines[${order.lines.length - 1}]`, before: null, after: clone(line) });
      break;
    }
    case 'replace_line': {
      const form = parseForm(type, node);
      const match = skuKey(form.match_sku);
      if (!order.lines.some((l) => skuKey(l.sku) === match)) break;
      const before = clone(order.lines);
      order.lines = order.lines.flatMap((l) =>
        skuKey(l.sku) !== match ? [l] : form.with.map((w) => ({
          sku: w.sku,
          quantity: w.quantity * l.quantity,
          price: '0.00',
          ...(l.iloc_id !== undefined ? { iloc_id: l.iloc_id } : {}),
          ...(l.shipping_address !== undefined ? { shipping_address: clone(l.shipping_address) } : {}),
        })),
      );
      changes.push({ path: 'lines', before, after: clone(order.lines) });
      break;
    }
  }
  return { action_type: type, changes, effects };
}

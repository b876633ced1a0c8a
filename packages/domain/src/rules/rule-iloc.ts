import type { TOrderInput, TOrderLineInput } from '../orders';
import type { FlowChangeDto } from './rule-api';
import type { FlowFacts, IlocFacts } from './rule-evaluate';
import { lineSku } from './rule-fields';
import { normText } from './rule-values';

/**
 * select_inventory_location (docs/api-rules.md "Actions"): which iLoc each line ships from. The order is
 * changed in place (the evaluator hands it a copy); a reason string is a failure of the step.
 */

export interface IlocForm {
  strategy: 'iloc' | 'stock' | 'distance' | 'split';
  iloc_id?: string | null;
  iloc_ids?: string[];
}

export class StepError extends Error {}

const byPriorityThenName = (a: IlocFacts, b: IlocFacts) => a.priority - b.priority || a.name.localeCompare(b.name);

/** iloc_ids in their order (those that ship, unknown ids skipped), else every iLoc that ships by priority then name. */
export function ilocCandidates(ids: readonly string[] | undefined, facts: FlowFacts): IlocFacts[] {
  if (ids && ids.length) {
    return ids.flatMap((id) => facts.ilocs.filter((i) => i.id === id && i.ships).slice(0, 1));
  }
  return facts.ilocs.filter((i) => i.ships).sort(byPriorityThenName);
}

const qtyOf = (line: TOrderLineInput): number => (Number.isFinite(line.quantity) && line.quantity > 0 ? line.quantity : 0);

/** Units of the line the iLoc has (a SKU without facts has none). */
const availableAt = (line: TOrderLineInput, iloc: IlocFacts, facts: FlowFacts): number =>
  lineSku(line, facts)?.availableByIloc[iloc.id] ?? 0;

const hasLine = (line: TOrderLineInput, iloc: IlocFacts, facts: FlowFacts): boolean =>
  lineSku(line, facts) !== null && availableAt(line, iloc, facts) >= qtyOf(line);

/** The first candidate with every line's units, else the one that covers the most units. */
function byStock(order: TOrderInput, candidates: IlocFacts[], facts: FlowFacts): IlocFacts {
  const full = candidates.find((c) => order.lines.every((l) => hasLine(l, c, facts)));
  if (full) return full;
  let best = candidates[0]!;
  let bestUnits = -1;
  for (const c of candidates) {
    const units = order.lines.reduce((n, l) => n + (lineSku(l, facts) ? Math.min(qtyOf(l), Math.max(0, availableAt(l, c, facts))) : 0), 0);
    if (units > bestUnits) { best = c; bestUnits = units; }
  }
  return best;
}

const FAR = 1_000_000;
function zipPrefix(zip: unknown): number | null {
  const m = /^\s*(\d{5})/.exec(typeof zip === 'string' ? zip : '');
  return m ? Number(m[1]!.slice(0, 3)) : null;
}

/** Same country, then same state, then the nearest ZIP by its first three digits, then priority. */
function byDistance(order: TOrderInput, candidates: IlocFacts[]): IlocFacts {
  const to = order.shipping_address ?? null;
  const country = normText(to?.country);
  const state = normText(to?.state);
  const zip = zipPrefix(to?.zip);
  const rank = (c: IlocFacts): number[] => {
    const cz = zipPrefix(c.postal_code);
    return [
      country && normText(c.country) === country ? 0 : 1,
      state && normText(c.region) === state ? 0 : 1,
      zip !== null && cz !== null ? Math.abs(zip - cz) : FAR,
      c.priority,
    ];
  };
  const ranked = candidates.map((c, i) => ({ c, r: [...rank(c), i] }));
  ranked.sort((a, b) => {
    for (let k = 0; k < a.r.length; k += 1) if (a.r[k]! !== b.r[k]!) return a.r[k]! - b.r[k]!;
    return 0;
  });
  return ranked[0]!.c;
}

function setLineIloc(order: TOrderInput, i: number, ilocId: string, changes: FlowChangeDto[]) {
  const line = order.lines[i]!;
  const before = line.iloc_id ?? null;
  if (before === ilocId) return;
  line.iloc_id = ilocId;
  changes.push({ path: `lines[${i}].iloc_id`, before, after: ilocId });
}

/** Applies the strategy; answers the changes or throws StepError with why it could not. */
export function selectInventoryLocation(order: TOrderInput, form: IlocForm, nodeIlocId: string | null | undefined, facts: FlowFacts): FlowChangeDto[] {
  const changes: FlowChangeDto[] = [];
  if (form.strategy === 'iloc') {
    const id = form.iloc_id ?? nodeIlocId;
    if (!id) throw new StepError('No iLoc is chosen');
    const iloc = facts.ilocs.find((i) => i.id === id);
    if (!iloc || !iloc.ships) throw new StepError(`The iLoc ${iloc?.name ?? id} cannot ship`);
    order.lines.forEach((_, i) => setLineIloc(order, i, iloc.id, changes));
    return changes;
  }
  const candidates = ilocCandidates(form.iloc_ids, facts);
  if (!candidates.length) throw new StepError('No iLoc can ship this order');
  if (form.strategy === 'split') {
    order.lines.forEach((line, i) => {
      const c = candidates.find((x) => hasLine(line, x, facts));
      if (c) setLineIloc(order, i, c.id, changes);
    });
    return changes;
  }
  const chosen = form.strategy === 'stock' ? byStock(order, candidates, facts) : byDistance(order, candidates);
  order.lines.forEach((_, i) => setLineIloc(order, i, chosen.id, changes));
  return changes;
}

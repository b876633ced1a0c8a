import type { TOrderInput } from '../orders';
import type { FlowChangeDto, FlowTraceDto } from './rule-api';
import type { FlowHookPoint } from './rule-catalog';
import type { TFlowNode } from './rule-flow';
import { runFlow } from './rule-run';
import { readStoredTraces, type StoredFlowTrace } from './rule-trace-store';
import { cloneJson } from './rule-values';

/**
 * The engine: runs a hook point's flows over one order, pure (no I/O), answering the order as the flows
 * left it, what each step did (the trace) and the effects to carry out after the order is written.
 */

/** A flow as the engine runs it: one version's nodes. */
export interface RunnableFlow {
  id: string;
  name: string;
  version: number;
  hook_point: FlowHookPoint;
  nodes: TFlowNode[];
}

/** What the catalog knows of a line's SKU (keyed by the line's SKU text, trimmed and lower-cased). */
export interface SkuFacts {
  sku: string;
  name: string;
  type: string;
  category: string | null;
  brand: string | null;
  weight: number | null;
  barcode: string | null;
  /** Units available (good − reserved) per iloc id, in units of this SKU as sold (a pack of 6 counts packs). */
  availableByIloc: Record<string, number>;
}

export interface IlocFacts {
  id: string;
  name: string;
  priority: number;
  country: string | null;
  region: string | null;
  postal_code: string | null;
  /** Active and not archived: it can ship. */
  ships: boolean;
}

export interface FlowFacts {
  skus: ReadonlyMap<string, SkuFacts>;
  ilocs: readonly IlocFacts[];
  process: { id: string; name: string; driver: string } | null;
  /** When the order was imported (now on import; its created_at in a dry run). */
  now: Date;
}

/** Done after the order is written, in the same transaction (or only listed, in a dry run). */
export type FlowEffect =
  | { type: 'cancel'; reason: string; flow_id: string }
  | { type: 'notify'; title: string; message: string; flow_id: string }
  | { type: 'hold'; until: null; flow_id: string };

export interface FlowFailure {
  flow_id: string;
  flow_name: string;
  node_id: string | null;
  node_name: string | null;
  message: string;
}

export interface FlowsOutcome {
  /** The order as the flows left it; on a failure, the order as it came in (never half-applied). */
  order: TOrderInput;
  /** What each flow did, as it is kept on the order (rule-trace-store.ts). */
  stored: StoredFlowTrace[];
  /** The same in the answer's shape (made from `stored` when read: the import never needs it). */
  readonly traces: FlowTraceDto[];
  /** Every change, in order, across flows (empty on a failure). */
  changes: FlowChangeDto[];
  effects: FlowEffect[];
  failure: FlowFailure | null;
}

class Outcome implements FlowsOutcome {
  constructor(
    private readonly flows: readonly RunnableFlow[],
    readonly order: TOrderInput,
    readonly stored: StoredFlowTrace[],
    readonly changes: FlowChangeDto[],
    readonly effects: FlowEffect[],
    readonly failure: FlowFailure | null,
  ) {}

  get traces(): FlowTraceDto[] {
    return readStoredTraces(this.stored, (id, version) => this.flows.find((f) => f.id === id && f.version === version));
  }
}

/**
 * Runs the flows in the given order, each on what the one before left, over a copy of the order. A failure
 * anywhere answers the input order itself (the very object: nothing half-applied) with the traces so far.
 */
export function evaluateFlows(flows: readonly RunnableFlow[], order: TOrderInput, facts: FlowFacts): FlowsOutcome {
  const work = cloneJson(order);
  const stored: StoredFlowTrace[] = [];
  const changes: FlowChangeDto[] = [];
  const effects: FlowEffect[] = [];
  let started: number | undefined;
  for (const flow of flows) {
    const run = runFlow(flow, work, facts, changes, effects, started);
    started = run.ended;
    stored.push(run.trace);
    if (run.failure) return new Outcome(flows, order, stored, [], [], run.failure);
  }
  return new Outcome(flows, work, stored, changes, effects, null);
}

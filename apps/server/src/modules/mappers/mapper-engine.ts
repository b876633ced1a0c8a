import jsonata, { type Expression } from 'jsonata';
import type { MapperTransform, TTenantMapperDefinition } from '@omnio/domain';
import { DomainError } from '../../platform/http/errors';
import { sliced } from '../../platform/event-loop';

/**
 * Runs a mapper definition over an input document with JSONata. Every expression is a tenant's text run on
 * the server, so each evaluation is boxed: a time limit, a nesting limit and a size limit, checked by the
 * `__evaluate_entry`/`__evaluate_exit` hooks JSONata calls around every step (the exerciser's timeboxExpression).
 * What the hooks cannot stop is one built-in step that runs long by itself (a pathological regular expression,
 * `$sort` of a huge array); the size limits keep those small.
 */

export interface MapperEvalError {
  /** Index of the record (null: the root expression or the document as a whole). */
  record: number | null;
  /** Index of the relation (null: none in particular). */
  relation: number | null;
  target: string | null;
  message: string;
}

export interface MapperResult {
  records: Record<string, unknown>[];
  errors: MapperEvalError[];
}

export interface MapperEvalOptions {
  /** Per JSONata evaluation. */
  timeoutMs?: number;
  /** Absolute time (Date.now()) after which the whole run stops, however many evaluations remain. */
  deadline?: number;
  maxDepth?: number;
  /** Longest array any step may produce. */
  maxSequence?: number;
  /** Longest string any step may produce. */
  maxString?: number;
  maxRecords?: number;
}

const YIELD_EVERY_MS = 20;

export const MAPPER_LIMITS = {
  timeoutMs: 1000, totalMs: 5000, maxDepth: 300, maxSequence: 100_000, maxString: 1_000_000, maxRecords: 10_000, maxOutputChars: 5_000_000,
} as const;

/** An expression that ran away (too long, too deep, too big): the definition is refused, not the document. */
export class MapperGuardError extends Error {
  constructor(message: string, readonly relation: number | null = null) {
    super(message);
    this.name = 'MapperGuardError';
  }
}

interface JsonataError { message?: string; position?: number; code?: string; token?: string }

const describe = (err: unknown): string => {
  const e = err as JsonataError;
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  return typeof e?.position === 'number' && e.position > 0 ? `${message} (position ${e.position})` : message;
};

/** The state the hooks check; one per run, the evaluations of a run going one after the other. */
interface Guard {
  started: number;
  /** Gives the event loop a turn once the run has held it YIELD_EVERY_MS. */
  turn: () => Promise<void> | undefined;
  depth: number;
  limitMs: number;
  maxDepth: number;
  maxSequence: number;
  maxString: number;
}

function check(guard: Guard, result?: unknown): void {
  if (guard.depth > guard.maxDepth) throw new MapperGuardError(`The expression nests deeper than ${guard.maxDepth} steps (a function that never stops calling itself?)`);
  if (Date.now() - guard.started > guard.limitMs) throw new MapperGuardError(`The expression ran longer than ${guard.limitMs} ms and was stopped`);
  if (Array.isArray(result) && result.length > guard.maxSequence) {
    throw new MapperGuardError(`The expression made a list of ${result.length} items (at most ${guard.maxSequence})`);
  }
  if (typeof result === 'string' && result.length > guard.maxString) {
    throw new MapperGuardError(`The expression made a text of ${result.length} characters (at most ${guard.maxString})`);
  }
}

function boxed(source: string, guard: Guard): Expression {
  const expr = jsonata(source);
  // JSONata 2.x looks the hooks up by these symbols (a plain '__evaluate_entry' name is not called).
  const bind = expr.assign as (name: string | symbol, value: unknown) => void;
  bind(Symbol.for('jsonata.__evaluate_entry'), () => {
    guard.depth++;
    check(guard);
    // JSONata's steps chain on resolved promises, which never let the event loop run: give it a turn now and
    // then, so one tenant's heavy expression does not stall every other request for its whole time limit.
    return guard.turn();
  });
  bind(Symbol.for('jsonata.__evaluate_exit'), (_e: unknown, _i: unknown, _env: unknown, result: unknown) => {
    guard.depth--;
    check(guard, result);
  });
  return expr;
}

export interface CompileProblem {
  /** 'root' or the relation's index. */
  at: 'root' | number;
  message: string;
}

/** The JSONata syntax errors of a definition, with their position. */
export function compileProblems(definition: TTenantMapperDefinition): CompileProblem[] {
  const problems: CompileProblem[] = [];
  const tryCompile = (source: string, at: CompileProblem['at']) => {
    try {
      jsonata(source);
    } catch (err) {
      problems.push({ at, message: `Invalid expression: ${describe(err)}` });
    }
  };
  if (definition.root) tryCompile(definition.root, 'root');
  definition.relations.forEach((r, i) => tryCompile(r.source, i));
  return problems;
}

/** The 422 of a definition that does not compile, naming the fields. */
export function assertCompiles(definition: TTenantMapperDefinition, field = 'definition'): void {
  const problems = compileProblems(definition);
  if (!problems.length) return;
  const errors: Record<string, string[]> = {};
  for (const p of problems) (errors[p.at === 'root' ? `${field}.root` : `${field}.relations.${p.at}.source`] ??= []).push(p.message);
  throw new DomainError('VALIDATION', problems[0]!.message, { errors });
}

/** The 422 of a runaway expression. */
export const guardFailure = (err: MapperGuardError, field = 'definition') =>
  new DomainError('VALIDATION', err.message, {
    errors: { [err.relation === null ? field : `${field}.relations.${err.relation}.source`]: [err.message] },
  });

/* ------------------------------------------------------------------ transforms */

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

function isoDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** CCYYMMDD, YYMMDD (00-49 → 20YY, the X12 habit), M/D/YYYY, or already yyyy-mm-dd. */
export function toIsoDate(value: string): string | null {
  const s = value.trim();
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(s) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (m) {
    const yy = Number(m[1]);
    return isoDate(yy < 50 ? 2000 + yy : 1900 + yy, Number(m[2]), Number(m[3]));
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return isoDate(Number(m[3]), Number(m[1]), Number(m[2]));
  return null;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function transformOne(value: unknown, transform: MapperTransform): unknown {
  if (isBlank(value)) return value;
  switch (transform) {
    case 'trim': return asText(value).trim();
    case 'upper': return asText(value).toUpperCase();
    case 'lower': return asText(value).toLowerCase();
    case 'string': return asText(value);
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(asText(value).trim().replace(/,/g, ''));
      if (!Number.isFinite(n) || (typeof value !== 'number' && asText(value).trim() === '')) throw new Error(`${asText(value)} is not a number`);
      if (transform === 'integer' && !Number.isInteger(n)) throw new Error(`${asText(value)} is not a whole number`);
      return n;
    }
    case 'date': {
      const d = toIsoDate(asText(value));
      if (!d) throw new Error(`${asText(value)} is not a date (CCYYMMDD, YYMMDD or M/D/YYYY)`);
      return d;
    }
  }
}

/** A list is transformed item by item (a column of line values). */
export function applyTransform(value: unknown, transform: MapperTransform): unknown {
  return Array.isArray(value) ? value.map((v) => transformOne(v, transform)) : transformOne(value, transform);
}

/* ------------------------------------------------------------------ targets */

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function setPath(out: Record<string, unknown>, target: string, value: unknown): void {
  const keys = target.split('.').map((k) => k.trim());
  if (keys.some((k) => !k || FORBIDDEN_KEYS.has(k))) throw new Error(`${target} is not a usable target path`);
  let node: Record<string, unknown> = out;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === undefined) node = node[key] = {};
    else if (typeof next === 'object' && next !== null && !Array.isArray(next)) node = next as Record<string, unknown>;
    else throw new Error(`${target} goes inside ${key}, which another relation already filled`);
  }
  node[keys.at(-1)!] = value;
}

/** JSONata sequences carry marker properties and may hold functions: keep what JSON keeps. */
const plain = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)) as unknown);

/* ------------------------------------------------------------------ evaluation */

/**
 * One output object per record: `root` gives the records (the whole document without it), each relation
 * fills its target from its source expression (evaluated on the record, with `$document` the whole input, for
 * header values every record shares), with the default for a missing or empty value, then the
 * transform. Problems of a record are collected, not thrown; a runaway expression throws MapperGuardError.
 */
export async function evaluateMapper(definition: TTenantMapperDefinition, input: unknown, options: MapperEvalOptions = {}): Promise<MapperResult> {
  const timeoutMs = options.timeoutMs ?? MAPPER_LIMITS.timeoutMs;
  const deadline = options.deadline ?? Date.now() + MAPPER_LIMITS.totalMs;
  const maxRecords = options.maxRecords ?? MAPPER_LIMITS.maxRecords;
  const guard: Guard = {
    started: 0, turn: sliced(YIELD_EVERY_MS), depth: 0, limitMs: timeoutMs,
    maxDepth: options.maxDepth ?? MAPPER_LIMITS.maxDepth,
    maxSequence: options.maxSequence ?? MAPPER_LIMITS.maxSequence,
    maxString: options.maxString ?? MAPPER_LIMITS.maxString,
  };
  const run = async (expr: Expression, data: unknown, relation: number | null): Promise<unknown> => {
    const left = deadline - Date.now();
    if (left <= 0) throw new MapperGuardError('The mapper ran out of time over this document', relation);
    guard.started = Date.now();
    guard.depth = 0;
    guard.limitMs = Math.min(timeoutMs, left);
    try {
      return await expr.evaluate(data, { document: input });
    } catch (err) {
      if (err instanceof MapperGuardError) throw new MapperGuardError(err.message, relation);
      throw err;
    }
  };

  let rootExpr: Expression | null = null;
  try {
    if (definition.root) rootExpr = boxed(definition.root, guard);
  } catch (err) {
    return { records: [], errors: [{ record: null, relation: null, target: null, message: `Invalid root expression: ${describe(err)}` }] };
  }
  const errors: MapperEvalError[] = [];
  const compiled: (Expression | null)[] = definition.relations.map((r, i) => {
    try {
      return boxed(r.source, guard);
    } catch (err) {
      errors.push({ record: null, relation: i, target: r.target, message: `Invalid expression: ${describe(err)}` });
      return null;
    }
  });

  let recordsIn: unknown[];
  if (rootExpr) {
    let found: unknown;
    try {
      found = plain(await run(rootExpr, input, null));
    } catch (err) {
      if (err instanceof MapperGuardError) throw err;
      return { records: [], errors: [...errors, { record: null, relation: null, target: null, message: `Root: ${describe(err)}` }] };
    }
    recordsIn = found === undefined ? [] : Array.isArray(found) ? found : [found];
    if (!recordsIn.length) errors.push({ record: null, relation: null, target: null, message: 'The root expression found no records' });
  } else {
    recordsIn = [input];
  }
  if (recordsIn.length > maxRecords) throw new MapperGuardError(`The root expression found ${recordsIn.length} records (at most ${maxRecords})`);

  const records: Record<string, unknown>[] = [];
  for (const [index, record] of recordsIn.entries()) {
    const out: Record<string, unknown> = {};
    for (const [i, relation] of definition.relations.entries()) {
      const expr = compiled[i];
      if (!expr) continue;
      try {
        let value = plain(await run(expr, record, i));
        if (isBlank(value) && relation.default !== undefined && relation.default !== null) value = relation.default;
        if (relation.transform) value = applyTransform(value, relation.transform as MapperTransform);
        if (value !== undefined) setPath(out, relation.target, value);
      } catch (err) {
        if (err instanceof MapperGuardError) throw err;
        errors.push({ record: index, relation: i, target: relation.target, message: describe(err) });
      }
    }
    records.push(out);
  }
  if (JSON.stringify(records).length > MAPPER_LIMITS.maxOutputChars) throw new MapperGuardError('The output is larger than 5 MB');
  return { records, errors: errors.slice(0, 200) };
}

/* ------------------------------------------------------------------ diff */

export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const childPath = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * The fields that differ between two outputs, leaf by leaf: objects by key, arrays by index (a line
 * removed in the middle shows as every later line changed, which is what a partner's file does too).
 */
export function diffOutputs(before: unknown, after: unknown, limit = 500): FieldChange[] {
  const changes: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (changes.length >= limit) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], childPath(path, i));
    } else if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], childPath(path, key));
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      changes.push({ path, before: a, after: b });
    }
  };
  walk(before, after, '');
  return changes;
}

/**
 * Shopify's API search syntax (the `query:` argument), enough of it for the filters a connector sends:
 * `field:value`, comparators (`:>`, `:>=`, `:<`, `:<=`), quoted values ('…' or "…"), implicit AND between terms,
 * `AND` / `OR` / `NOT` connectives, `-term` negation and parentheses. AND binds tighter than OR, as in most search
 * grammars; parenthesise to be explicit. Unknown fields are reported back as warnings (Shopify answers them in
 * `extensions.search` and ignores the term) rather than failing the query.
 */

export type Comparator = '=' | '>' | '>=' | '<' | '<=';

export type SearchNode =
  | { kind: 'and'; nodes: SearchNode[] }
  | { kind: 'or'; nodes: SearchNode[] }
  | { kind: 'not'; node: SearchNode }
  | { kind: 'term'; field: string | null; op: Comparator; value: string };

type Token = { kind: 'lparen' } | { kind: 'rparen' } | { kind: 'or' } | { kind: 'and' } | { kind: 'not' } | { kind: 'term'; negated: boolean; text: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(') {
      tokens.push({ kind: 'lparen' });
      i++;
      continue;
    }
    if (ch === ')') {
      tokens.push({ kind: 'rparen' });
      i++;
      continue;
    }
    // A word runs to the next whitespace or parenthesis outside quotes, so `field:'a b'` stays one term.
    let text = '';
    let quote: string | null = null;
    while (i < input.length) {
      const c = input[i]!;
      if (quote) {
        if (c === '\\' && i + 1 < input.length) {
          text += c + input[i + 1]!;
          i += 2;
          continue;
        }
        if (c === quote) quote = null;
        text += c;
        i++;
        continue;
      }
      if (c === "'" || c === '"') {
        quote = c;
        text += c;
        i++;
        continue;
      }
      if (/\s/.test(c) || c === '(' || c === ')') break;
      text += c;
      i++;
    }
    if (text === 'OR') tokens.push({ kind: 'or' });
    else if (text === 'AND') tokens.push({ kind: 'and' });
    else if (text === 'NOT') tokens.push({ kind: 'not' });
    else if (text.length > 1 && text.startsWith('-')) tokens.push({ kind: 'term', negated: true, text: text.slice(1) });
    else tokens.push({ kind: 'term', negated: false, text });
  }
  return tokens;
}

function unquote(value: string): string {
  const first = value[0];
  if (value.length >= 2 && (first === "'" || first === '"') && value.endsWith(first)) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseTerm(text: string): SearchNode {
  const match = /^([A-Za-z_][\w.]*):(.*)$/s.exec(text);
  if (!match) return { kind: 'term', field: null, op: '=', value: unquote(text) };
  const field = match[1]!.toLowerCase();
  let rest = match[2]!;
  let op: Comparator = '=';
  for (const candidate of ['>=', '<=', '>', '<'] as const) {
    if (rest.startsWith(candidate)) {
      op = candidate;
      rest = rest.slice(candidate.length);
      break;
    }
  }
  return { kind: 'term', field, op, value: unquote(rest) };
}

/** Parses a search string; an empty or blank string is "no filter" (null). */
export function parseSearchQuery(input: string | null | undefined): SearchNode | null {
  if (input == null || input.trim() === '') return null;
  const tokens = tokenize(input);
  let pos = 0;

  const parseOr = (): SearchNode | null => {
    const nodes: SearchNode[] = [];
    const first = parseAnd();
    if (first) nodes.push(first);
    while (tokens[pos]?.kind === 'or') {
      pos++;
      const next = parseAnd();
      if (next) nodes.push(next);
    }
    if (nodes.length === 0) return null;
    return nodes.length === 1 ? nodes[0]! : { kind: 'or', nodes };
  };

  const parseAnd = (): SearchNode | null => {
    const nodes: SearchNode[] = [];
    for (;;) {
      const token = tokens[pos];
      if (!token || token.kind === 'or' || token.kind === 'rparen') break;
      if (token.kind === 'and') {
        pos++;
        continue;
      }
      const unary = parseUnary();
      if (unary) nodes.push(unary);
    }
    if (nodes.length === 0) return null;
    return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes };
  };

  const parseUnary = (): SearchNode | null => {
    const token = tokens[pos++];
    if (!token) return null;
    if (token.kind === 'not') {
      const inner = parseUnary();
      return inner ? { kind: 'not', node: inner } : null;
    }
    if (token.kind === 'lparen') {
      const inner = parseOr();
      if (tokens[pos]?.kind === 'rparen') pos++;
      return inner;
    }
    if (token.kind === 'term') {
      const term = parseTerm(token.text);
      return token.negated ? { kind: 'not', node: term } : term;
    }
    return null;
  };

  const root = parseOr();
  // Stray closing parentheses are skipped like Shopify's lenient parser does, rather than failing the request.
  while (pos < tokens.length) {
    pos++;
    const more = parseOr();
    if (more) return root ? { kind: 'and', nodes: [root, more] } : more;
  }
  return root;
}

/** How one field of one resource is matched: returns whether `item` satisfies `op value`. */
export type FieldMatcher<T> = (item: T, op: Comparator, value: string) => boolean;

export interface CompiledSearch<T> {
  test: (item: T) => boolean;
  /** Shopify's `extensions.search[].warnings` for terms it ignored. */
  warnings: { field: string; message: string }[];
}

/**
 * Turns a parsed query into a predicate. `fields` maps a search field to its matcher; `defaultField` matches
 * free text (a term without `field:`). A disjunction of equality terms on one field becomes a set lookup, so a
 * `sku:A OR sku:B OR … ` query of 250 SKUs stays cheap against thousands of variants.
 */
export function compileSearch<T>(
  query: string | null | undefined,
  fields: Record<string, FieldMatcher<T>>,
  options: { defaultField?: FieldMatcher<T>; setKey?: Record<string, (item: T) => string[]> } = {},
): CompiledSearch<T> {
  const warnings: { field: string; message: string }[] = [];
  const root = parseSearchQuery(query);
  if (!root) return { test: () => true, warnings };

  const compile = (node: SearchNode): ((item: T) => boolean) => {
    switch (node.kind) {
      case 'and': {
        const parts = node.nodes.map(compile);
        return (item) => parts.every((p) => p(item));
      }
      case 'or': {
        const fast = compileSetLookup(node);
        if (fast) return fast;
        const parts = node.nodes.map(compile);
        return (item) => parts.some((p) => p(item));
      }
      case 'not': {
        const inner = compile(node.node);
        return (item) => !inner(item);
      }
      case 'term': {
        if (node.field === null) {
          const matcher = options.defaultField;
          if (!matcher) return () => true;
          return (item) => matcher(item, node.op, node.value);
        }
        const matcher = fields[node.field];
        if (!matcher) {
          warnings.push({ field: node.field, message: 'Invalid search field for this query.' });
          return () => true;
        }
        return (item) => matcher(item, node.op, node.value);
      }
    }
  };

  const compileSetLookup = (node: { nodes: SearchNode[] }): ((item: T) => boolean) | null => {
    const terms = node.nodes;
    const first = terms[0];
    if (!first || first.kind !== 'term' || first.field === null) return null;
    const keyOf = options.setKey?.[first.field];
    if (!keyOf) return null;
    const wanted = new Set<string>();
    for (const term of terms) {
      if (term.kind !== 'term' || term.field !== first.field || term.op !== '=' || term.value.endsWith('*')) return null;
      wanted.add(term.value.toLowerCase());
    }
    return (item) => keyOf(item).some((key) => wanted.has(key.toLowerCase()));
  };

  return { test: compile(root), warnings };
}

/** Compares a string field: exact, case-insensitive; a trailing `*` is a prefix match as in Shopify's syntax. */
export function matchText(actual: string | null | undefined, op: Comparator, value: string): boolean {
  if (actual == null) return false;
  const a = actual.toLowerCase();
  const v = value.toLowerCase();
  if (op !== '=') return compareValues(a, v, op);
  if (v.endsWith('*')) return a.startsWith(v.slice(0, -1));
  return a === v;
}

/** Compares a number field (ids, quantities). */
export function matchNumber(actual: number | null | undefined, op: Comparator, value: string): boolean {
  if (actual == null) return false;
  const gid = /\/(\d+)$/.exec(value);
  const v = Number(gid ? gid[1] : value);
  if (!Number.isFinite(v)) return false;
  return compareValues(actual, v, op);
}

/**
 * Compares a timestamp (epoch ms). A date without a time (`2026-07-01`) stands for that whole UTC day under `=`,
 * and for its start under the other comparators except `>`/`<=` which take its end — so `created_at:<=2026-07-01`
 * includes that day, as Shopify's date search does.
 */
export function matchDate(actual: number | null | undefined, op: Comparator, value: string): boolean {
  if (actual == null) return false;
  const range = parseDateRange(value);
  if (!range) return false;
  const [start, end] = range;
  switch (op) {
    case '=':
      return actual >= start && actual <= end;
    case '>':
      return actual > end;
    case '>=':
      return actual >= start;
    case '<':
      return actual < start;
    case '<=':
      return actual <= end;
  }
}

function parseDateRange(value: string): [number, number] | null {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const start = Date.parse(`${v}T00:00:00Z`);
    return Number.isNaN(start) ? null : [start, start + 86_400_000 - 1];
  }
  if (v === 'now') {
    const now = Date.now();
    return [now, now];
  }
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : [ms, ms];
}

function compareValues<V extends string | number>(a: V, b: V, op: Comparator): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
  }
}

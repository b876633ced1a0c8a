import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/ARCHITECTURE.md, Layers), read from the source files: platform never imports a
 * module, and no module folders depend on each other in a cycle. ESLint (eslint/server-layers.js) catches the
 * first in the editor; only a whole-graph check sees a cycle.
 */

const SRC = path.dirname(new URL(import.meta.url).pathname);
const MODULES = path.join(SRC, 'modules');
const PLATFORM = path.join(SRC, 'platform');

/**
 * Cycles that already existed when the check came (issue 19) and are still to be broken, each as the set of
 * module folders that depend on each other. Never add one: break it. A listed cycle that is gone must be
 * removed from here (the check says so), so the list only shrinks.
 */
const KNOWN_CYCLES: readonly (readonly string[])[] = [];

/** Test code may set up data through any module; only what runs in production has to be layered. */
const isTestOnly = (file: string) => /\.(test|test-kit|fixtures)\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The relative specifiers a file imports or re-exports, statically or dynamically, resolved to absolute paths. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

/** The module folder a path lies in, or null outside modules/. */
function moduleOf(target: string): string | null {
  const rel = path.relative(MODULES, target);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0]!;
}

/**
 * A foreign key from one module's table to another's (company_users → users, invitations → companies). Those
 * are the data model, not a call: Drizzle needs the referenced table object to declare the reference, and a
 * membership table points both ways by nature. Code that reads or writes another module's data still counts.
 */
const isTableReference = (file: string, target: string) => file.endsWith('.tables.ts') && /\.tables(\.ts)?$/.test(target);

/** Module folder → module folder → the files that make the dependency. */
function moduleGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(MODULES).filter((f) => !isTestOnly(f))) {
    const from = moduleOf(file)!;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (to && to !== from && !isTableReference(file, target)) edges.set(to, [...(edges.get(to) ?? []), path.relative(SRC, file)]);
    }
  }
  return graph;
}

/** Strongly connected components with more than one folder (Tarjan): each is a cycle, or several sharing folders. */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** A cycle as a reader fixes it: every dependency inside it, with the files that make it. */
function describeCycle(graph: Map<string, Map<string, string[]>>, members: string[]): string {
  const lines = members.flatMap((from) =>
    [...(graph.get(from) ?? new Map<string, string[]>())]
      .filter(([to]) => members.includes(to))
      .map(([to, files]) => `  ${from} → ${to}: ${[...new Set(files)].join(', ')}`));
  return `${members.join(' ↔ ')}\n${lines.join('\n')}`;
}

describe('server layers', () => {
  it('platform imports no module, and outside its tests nothing of the composition level either', () => {
    const inside = (dir: string, target: string) => !path.relative(dir, target).startsWith('..');
    const offending = sourceFiles(PLATFORM).flatMap((file) =>
      importsOf(file)
        .filter((t) => moduleOf(t) !== null || (!isTestOnly(file) && !inside(PLATFORM, t)))
        .map((t) => `${path.relative(SRC, file)} → ${path.relative(SRC, t)}`));
    expect(offending).toEqual([]);
  });

  it('module folders depend on each other in no cycle', () => {
    const graph = moduleGraph();
    const key = (members: readonly string[]) => [...members].sort().join(',');
    const known = new Set(KNOWN_CYCLES.map(key));
    const found = cycles(graph);
    const unknown = found.filter((c) => !known.has(key(c))).map((c) => describeCycle(graph, c));
    expect(unknown, `cycles between module folders:\n${unknown.join('\n')}`).toEqual([]);
    const gone = [...known].filter((k) => !found.some((c) => key(c) === k));
    expect(gone, 'cycles in KNOWN_CYCLES that no longer exist: remove them from the list').toEqual([]);
  });

  it('sees a cycle when there is one', () => {
    const graph = new Map([['a', new Map([['b', ['x']]])], ['b', new Map([['c', ['y']]])], ['c', new Map([['a', ['z']]])], ['d', new Map([['a', ['w']]])]]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });
});

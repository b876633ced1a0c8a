import { sql } from 'drizzle-orm';
import { paginate, type CodeClientItem, type CodeSnippetView, type TCodeSnippetInput, type TListQuery } from '@omnio/domain';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import { offsetOf } from '../../platform/db/list-query';
import type { AuthedCtx, Ctx } from '../../platform/http/context';
import { assertId, isUuid, notFound } from '../../platform/http/errors';
import { refreshSnippetOrigins } from './snippet-origins';

/** The owner's code snippets (spec 3, 7) and what every signed-in page loads of them. */

type Row = Record<string, unknown>;
const COLUMNS = sql`id, name, type, body, enabled, sort, created_at, updated_at`;

function view(r: Row): CodeSnippetView {
  return {
    id: r.id as string,
    name: r.name as string,
    type: r.type as CodeSnippetView['type'],
    body: r.body as string,
    enabled: r.enabled === true,
    sort: Number(r.sort),
    created_at: isoOrNull(r.created_at)!,
    updated_at: isoOrNull(r.updated_at)!,
  };
}

export async function listCodeSnippets(ctx: AuthedCtx, query: TListQuery) {
  const [count] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM code_snippets`);
  const rows = await queryRows<Row>(ctx.db, sql`
    SELECT ${COLUMNS} FROM code_snippets ORDER BY sort, created_at, id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
  return paginate(rows.map(view), Number(count?.n ?? 0), query.page, query.per_page);
}

export async function getCodeSnippet(ctx: AuthedCtx, id: string): Promise<CodeSnippetView> {
  const [row] = await queryRows<Row>(ctx.db, sql`SELECT ${COLUMNS} FROM code_snippets WHERE id = ${assertId(id, 'Code snippet')}::uuid`);
  if (!row) throw notFound('Code snippet');
  return view(row);
}

/** A cdn URL is stored trimmed: its origin goes into the CSP and the browser loads exactly this text. */
const bodyOf = (input: TCodeSnippetInput) => (input.type === 'cdn' ? input.body.trim() : input.body);

export async function createCodeSnippet(ctx: AuthedCtx, input: TCodeSnippetInput): Promise<CodeSnippetView> {
  const [row] = await queryRows<Row>(ctx.db, sql`
    INSERT INTO code_snippets (name, type, body, enabled, sort, created_by)
    VALUES (${input.name}, ${input.type}, ${bodyOf(input)}, ${input.enabled}, ${input.sort}, ${ctx.principal.userId}::uuid)
    RETURNING ${COLUMNS}`);
  await refreshSnippetOrigins(ctx.deps, ctx.log);
  return view(row!);
}

export async function updateCodeSnippet(ctx: AuthedCtx, id: string, input: TCodeSnippetInput): Promise<CodeSnippetView> {
  const [row] = await queryRows<Row>(ctx.db, sql`
    UPDATE code_snippets SET name = ${input.name}, type = ${input.type}, body = ${bodyOf(input)}, enabled = ${input.enabled},
      sort = ${input.sort}, updated_at = now()
    WHERE id = ${assertId(id, 'Code snippet')}::uuid RETURNING ${COLUMNS}`);
  if (!row) throw notFound('Code snippet');
  await refreshSnippetOrigins(ctx.deps, ctx.log);
  return view(row);
}

export async function deleteCodeSnippet(ctx: AuthedCtx, id: string): Promise<void> {
  const gone = await queryRows<Row>(ctx.db, sql`DELETE FROM code_snippets WHERE id = ${assertId(id, 'Code snippet')}::uuid RETURNING id`);
  if (!gone.length) throw notFound('Code snippet');
  await refreshSnippetOrigins(ctx.deps, ctx.log);
}

/**
 * GET/POST /codes-client (spec 7): the enabled items in order. A javascript item's body is its source, as
 * the spec says; the web app loads it from /api/codes/{id}.js rather than evaluating the text, so the
 * Content-Security-Policy needs neither 'unsafe-eval' nor 'unsafe-inline'.
 */
export async function codesClient(ctx: Ctx): Promise<CodeClientItem[]> {
  const rows = await queryRows<Row>(ctx.db, sql`SELECT id, type, body FROM code_snippets WHERE enabled ORDER BY sort, created_at, id`);
  return rows.map((r) => ({ id: r.id as string, type: r.type as CodeClientItem['type'], body: r.body as string }));
}

/** GET /api/codes/{id}.js: an enabled javascript snippet's source; anything else is not found. */
export async function snippetScript(ctx: Ctx, id: string): Promise<{ body: string; updatedAt: string }> {
  if (!isUuid(id)) throw notFound('Code snippet');
  const [row] = await queryRows<Row>(ctx.db, sql`
    SELECT body, updated_at FROM code_snippets WHERE id = ${id.toLowerCase()}::uuid AND enabled AND type = 'javascript'`);
  if (!row) throw notFound('Code snippet');
  return { body: row.body as string, updatedAt: isoOrNull(row.updated_at)! };
}

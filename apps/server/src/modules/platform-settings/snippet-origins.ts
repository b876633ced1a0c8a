import { sql } from 'drizzle-orm';
import { cdnSnippetOrigin } from '@omnio/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/http/context';
import { queryRows } from '../../platform/db/rows';

/**
 * The origins of the enabled cdn snippets, which the Content-Security-Policy's script-src must allow (app.ts
 * helmet block). Helmet builds the header synchronously on every response, so the origins are kept in memory:
 * loaded at start, reloaded after every snippet change in this process, and re-read in the background when
 * older than REFRESH_MS so another API process's change reaches this one too.
 *
 * Kept per database (a test process runs several apps side by side, each on its own clone).
 */
const REFRESH_MS = 30_000;

interface OriginCache {
  origins: string[];
  loadedAt: number;
  loading: Promise<void> | null;
  /** Number of the latest read started: an older read finishing late must not overwrite a newer one. */
  seq: number;
}
const caches = new WeakMap<object, OriginCache>();

function cacheOf(deps: AppDeps): OriginCache {
  let cache = caches.get(deps.database);
  if (!cache) {
    cache = { origins: [], loadedAt: 0, loading: null, seq: 0 };
    caches.set(deps.database, cache);
  }
  return cache;
}

/** Reads the enabled cdn snippets' origins again; a failure keeps the previous list (and is logged). */
export function refreshSnippetOrigins(deps: AppDeps, log?: FastifyBaseLogger): Promise<void> {
  const cache = cacheOf(deps);
  const seq = ++cache.seq;
  const run = (async () => {
    try {
      const rows = await queryRows<{ body: string }>(deps.database.db, sql`SELECT body FROM code_snippets WHERE enabled AND type = 'cdn'`);
      const origins = new Set<string>();
      for (const r of rows) {
        const origin = cdnSnippetOrigin(r.body);
        if (origin) origins.add(origin);
      }
      if (seq === cache.seq) {
        cache.origins = [...origins].sort();
        cache.loadedAt = Date.now();
      }
    } catch (err) {
      log?.warn({ err }, 'could not load the code snippet origins');
    }
  })();
  cache.loading = run;
  // Clears the flag only if no newer read replaced this one meanwhile.
  void run.finally(() => {
    if (cache.loading === run) cache.loading = null;
  });
  return run;
}

/** The script-src of the Content-Security-Policy: 'self' and every enabled cdn snippet's origin. */
export function scriptSrcValue(deps: AppDeps, log?: FastifyBaseLogger): string {
  const cache = cacheOf(deps);
  if (!cache.loading && Date.now() - cache.loadedAt > REFRESH_MS) void refreshSnippetOrigins(deps, log);
  return ["'self'", ...cache.origins].join(' ');
}

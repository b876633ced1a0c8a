import { sql } from 'drizzle-orm';
import { DEFAULT_KEEP_PAGES_DAYS, emptyRunCounts, type ChannelCallLog, type ChannelRunCounts, type ChannelRunError } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';

/** A run keeps at most this many item errors and logged calls (the counts stay exact beyond). */
export const MAX_RUN_ERRORS = 500;
export const MAX_CALL_LOG = 1000;

/**
 * What one run has seen, kept in memory and written with the data it covers: each `flush(tx)` goes in the
 * transaction that commits a page of orders (and the cursor past them), so after a crash the run's counts
 * say exactly what was committed.
 */
export class RunRecorder {
  readonly counts: ChannelRunCounts = emptyRunCounts();
  private pendingErrors: ChannelRunError[] = [];
  private pendingCalls: ChannelCallLog[] = [];
  private pendingPages: { url: string; status: number; contentType: string; body: string }[] = [];
  private pendingCounts: ChannelRunCounts = emptyRunCounts();
  private errorsKept = 0;
  private callsKept = 0;
  private callsMade = 0;
  private nextSeq: number;

  constructor(
    readonly runId: string,
    readonly tenantId: string,
    private readonly keepPagesDays: number = DEFAULT_KEEP_PAGES_DAYS,
    startSeq = 0,
    readonly leaseSeconds = 60,
  ) {
    this.nextSeq = startSeq;
  }

  count(key: keyof ChannelRunCounts, n = 1): void {
    this.counts[key] += n;
    this.pendingCounts[key] += n;
  }

  error(error: ChannelRunError): void {
    if (this.errorsKept + this.pendingErrors.length >= MAX_RUN_ERRORS) return;
    this.pendingErrors.push({ ...error, message: error.message.slice(0, 1000) });
  }

  call(log: ChannelCallLog): void {
    this.callsMade += 1;
    if (this.callsKept + this.pendingCalls.length < MAX_CALL_LOG) this.pendingCalls.push(log);
  }

  page(page: { url: string; status: number; contentType: string; body: string }): void {
    if (this.keepPagesDays > 0) this.pendingPages.push(page);
  }

  /**
   * Writes what was seen since the last flush, and renews the run's lease. What it writes is taken before the
   * first await: calls and pages recorded meanwhile (the next page's fetch runs while this one is written)
   * stay for the next flush.
   */
  async flush(tx: Tx): Promise<void> {
    const c = this.pendingCounts;
    const errors = this.pendingErrors;
    const calls = this.pendingCalls;
    const pages = this.pendingPages;
    const made = this.callsMade;
    this.pendingCounts = emptyRunCounts();
    this.pendingErrors = [];
    this.pendingCalls = [];
    this.pendingPages = [];
    this.callsMade = 0;
    await tx.execute(sql`
      UPDATE channel_runs SET
        counts = jsonb_build_object(
          'received', (counts->>'received')::int + ${c.received}::int, 'created', (counts->>'created')::int + ${c.created}::int,
          'updated', (counts->>'updated')::int + ${c.updated}::int, 'duplicates', (counts->>'duplicates')::int + ${c.duplicates}::int,
          'failed', (counts->>'failed')::int + ${c.failed}::int),
        errors = errors || ${JSON.stringify(errors)}::jsonb,
        call_log = call_log || ${JSON.stringify(calls)}::jsonb,
        calls = calls + ${made}::int,
        lease_until = now() + make_interval(secs => ${this.leaseSeconds}::int)
      WHERE tenant_id = ${this.tenantId}::uuid AND id = ${this.runId}::uuid`);
    if (pages.length) {
      const rows = pages.map((p) => ({ seq: ++this.nextSeq, url: p.url, status: p.status, content_type: p.contentType, body: p.body }));
      await tx.execute(sql`
        INSERT INTO channel_run_pages (tenant_id, run_id, seq, url, status, content_type, body, expires_at)
        SELECT ${this.tenantId}::uuid, ${this.runId}::uuid, x.seq, x.url, x.status, x.content_type, x.body, now() + make_interval(days => ${this.keepPagesDays}::int)
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(seq int, url text, status int, content_type text, body text)
        ON CONFLICT DO NOTHING`);
    }
    this.errorsKept += errors.length;
    this.callsKept += calls.length;
  }

  /** The item errors not yet flushed (a webhook's result shows them instead of a run). */
  pendingErrorsView(): ChannelRunError[] {
    return [...this.pendingErrors];
  }

  /**
   * Forgets the items not yet written (their transaction rolled back: they will be seen again). Calls and pages
   * stay: they happened. The run's row holds only what committed, whatever this in-memory tally says.
   */
  discardPending(): void {
    for (const key of Object.keys(this.pendingCounts) as (keyof ChannelRunCounts)[]) this.counts[key] -= this.pendingCounts[key];
    this.pendingCounts = emptyRunCounts();
    this.pendingErrors = [];
  }
}

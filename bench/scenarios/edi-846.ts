import type { Scenario, ScenarioContext } from '../lib/types';
import type { SftpFake } from '../../apps/server/src/test/fakes/sftp/sftp-fake';
import { loadInventoryDataset } from './inventory-dataset';
import { acmeId } from './orders-dataset';
import { createEdiProcess, sentFiles, startSftp, timeMailboxTransfer } from './edi-bench';
import {
  api, channelServerEnv, cpuText, findServerPid, n0, readBack, round, runAction, startPhase, timeCpuLoop, type ActionRun, type PhaseUse,
} from './shopify-bench';

const SKUS = 20_000;
const PREFIX = 'EDI';
const code = (n: number) => `${PREFIX}-${String(n).padStart(6, '0')}`;
const RESERVE_PERCENTAGE = 10;
const TARGET_BUILD_MS = 5_000;
/** The bench data set's tenant users all sign in with Acme's tenant password (lib/dataset.ts). */
const PASSWORD = 'Omnio#Tenant1';

interface JobResult { skus?: number; buildMs?: number; ms?: number; delivered?: number; counts?: Record<string, number> }

interface Advice {
  label: string;
  run: ActionRun;
  use: PhaseUse;
  job: JobResult;
  file: { name: string; bytes: number } | null;
  /** The server's mailbox code alone moving the 846's bytes, timed from the bench: the delivery's share of the run. */
  transfer: { bytes: number; get_ms: number; put_ms: number } | null;
  lin: number;
  ctt01: number | null;
  ctt02: number | null;
  qtySum: number;
  withUpc: number;
  correct: { compared: number; equal: number; mismatches: { sku: string; omnio: number | null; sent: number | null }[] } | null;
}

/**
 * The inventory advice out to an EDI partner (issue 21): an 846 with every SKU's figure, as
 * POST /inventory/availability explains it for the process's ilocs and reserve, built, recorded and put in
 * the partner's outbound folder of the local SFTP mailbox (in this process, on 127.0.0.1).
 *
 * 1. The target: a company of the bench data set with exactly 20,000 SKUs `EDI-000001…` (SQL as the owner;
 *    half with a 12-digit barcode, so their LIN carries UP too; 5 % with no stock, a few on hold) at one iloc;
 *    an edi-x12 process created through the API publishes that iloc with 10 % held back. `sync_inventory` runs
 *    with POST …/run, polled through GET /jobs/{id} until COMPLETED. Reported: the run's wall time, the build
 *    time the job reports (`result.buildMs`: the 846 built, written and recorded — edi-inventory.ts), the
 *    file's size, its LIN count (= SKUs), CTT01 (= LIN count), CTT02 (= the sum of the QTYs), and every SKU's
 *    QTY against /inventory/availability. PASS when correct and buildMs < 5,000.
 * 2. For scale (no target): Acme with the inventory data set (100,000 SKUs × 5 ilocs, plus the demo's), every
 *    active iloc, no reserve — the same figures.
 *   npm run bench -- edi-846
 */
export const edi846: Scenario = {
  name: 'edi-846',
  description: `sync_inventory of an EDI partner: an 846 for ${n0(SKUS)} SKUs to the local SFTP mailbox (run-now -> COMPLETED), then the 100,000-SKU inventory data set; target: the ${n0(SKUS)}-SKU 846 built in < ${TARGET_BUILD_MS / 1000} s`,
  target: { minRequestsPerSecond: 0 },
  async prepare(ctx) {
    const serverEnv = channelServerEnv();
    const cpuLoopS = timeCpuLoop();
    const serverPid = findServerPid(ctx.baseUrl);
    if (serverPid === null) console.log('[bench] note: the server process was not found in /proc: no server CPU figures');
    const { tenantId, email, ilocId } = await loadBenchCompany(ctx);
    const token = await ctx.signIn(email, PASSWORD);

    const fake = await startSftp();
    try {
      const tag = Date.now().toString(36).toUpperCase();
      const partner = await createEdiProcess(ctx, token, fake, `Bench EDI 846 ${tag}`, {
        sync_inventory: { active: true, options: { iloc_id: ilocId, reserve_percentage: RESERVE_PERCENTAGE } },
      });
      const first = await advise(ctx, token, fake, partner, serverPid, `${n0(SKUS)} SKUs`, { ilocIds: [ilocId], reserve: RESERVE_PERCENTAGE, codes: true });

      // For scale: the inventory data set on Acme, every active iloc, no reserve.
      const data = await loadInventoryDataset(ctx);
      const acme = await acmeId(ctx);
      const [acmeSkus] = await ctx.ownerQuery(`SELECT count(*)::int AS n FROM skus WHERE tenant_id = $1`, [acme]);
      const big = await createEdiProcess(ctx, data.token, fake, `Bench EDI 846 all ${tag}`, { sync_inventory: { active: true, options: {} } });
      const second = await advise(ctx, data.token, fake, big, serverPid, `inventory data set (${n0(Number(acmeSkus?.n))} SKUs)`, { ilocIds: data.ilocIds, reserve: 0, codes: false });

      const problems: string[] = [];
      const judge = (a: Advice, skus: number) => {
        if (a.run.run.status !== 'COMPLETED') problems.push(`${a.label}: the run ended ${a.run.run.status}`);
        if (a.job.skus !== skus) problems.push(`${a.label}: the job reports ${String(a.job.skus)} SKUs, expected ${skus}`);
        if (!a.file) problems.push(`${a.label}: no 846 in the outbound folder`);
        if (a.lin !== skus) problems.push(`${a.label}: ${a.lin} LIN segments, expected ${skus}`);
        if (a.ctt01 !== a.lin) problems.push(`${a.label}: CTT01 ${String(a.ctt01)} != LIN count ${a.lin}`);
        if (a.ctt02 !== a.qtySum) problems.push(`${a.label}: CTT02 ${String(a.ctt02)} != sum of QTY02 ${a.qtySum}`);
        if (a.correct && (a.correct.equal !== a.correct.compared || a.correct.compared !== skus)) {
          problems.push(`${a.label}: the 846 holds /inventory/availability's figure for ${a.correct.equal} of ${a.correct.compared} SKUs, e.g. ${JSON.stringify(a.correct.mismatches.slice(0, 3))}`);
        }
      };
      judge(first, SKUS);
      judge(second, Number(acmeSkus?.n));
      if (first.job.buildMs === undefined || first.job.buildMs >= TARGET_BUILD_MS) problems.push(`the ${n0(SKUS)}-SKU 846 was built in ${String(first.job.buildMs)} ms, target < ${TARGET_BUILD_MS}`);

      const facts = {
        cpu_loop_s: cpuLoopS,
        server_env: serverEnv,
        target: `${n0(SKUS)}-SKU 846 built (job result.buildMs) in < ${TARGET_BUILD_MS} ms, LIN = SKUs, CTT01 = LIN, QTYs = /inventory/availability`,
        tenant: { id: tenantId, user: email },
        skus_20k: adviceFacts(first),
        inventory_dataset: adviceFacts(second),
      };
      const text = (a: Advice) =>
        `${a.label}: built in ${n0(a.job.buildMs ?? NaN)} ms (job buildMs), run ${a.run.wall_s.toFixed(2)} s run-now -> COMPLETED (job ${n0(a.job.ms ?? NaN)} ms, worker pick-up ${a.run.recorded.queue_s} s; ` +
        `the file's SFTP put alone ${n0(a.transfer?.put_ms ?? NaN)} ms), ` +
        `${n0(a.file?.bytes ?? 0)} bytes, LIN ${n0(a.lin)}, CTT01 ${n0(a.ctt01 ?? NaN)}, ${n0(a.withUpc)} with UPC` +
        `${a.correct ? `, QTY = /inventory/availability for ${n0(a.correct.equal)} of ${n0(a.correct.compared)}` : ''}`;
      const line =
        `edi-846: ${text(first)} | ${text(second)} | ${n0(SKUS)} run ${cpuText(first.use)} -> ` +
        `${problems.length ? `FAIL (${problems.join('; ')})` : 'PASS'} [target: the ${n0(SKUS)}-SKU 846 built in < ${TARGET_BUILD_MS / 1000} s, LIN = SKUs = CTT01]`;
      console.log(line);
      return readBack(data.token, second.run.jobId, { failed: 0 }, { facts, problems });
    } finally {
      await fake.close();
    }
  },
};

/** One sync_inventory run and the 846 it left in the outbound folder, read back and counted. */
async function advise(
  ctx: ScenarioContext, token: string, fake: SftpFake, partner: { id: string; outbound: string }, serverPid: number | null, label: string,
  check: { ilocIds: string[]; reserve: number; codes: boolean },
): Promise<Advice> {
  console.log(`[bench] ${label}: process ${partner.id}, sync_inventory run now`);
  const stop = startPhase(serverPid);
  const run = await runAction(ctx, token, partner.id, 'sync_inventory');
  const use = stop();
  const job = (await api<{ data: { result: JobResult | null } }>(ctx, token, 'GET', `/jobs/${run.jobId}`)).data.result ?? {};
  const files = sentFiles(fake, partner.outbound).filter((f) => f.interchanges.some((ic) => ic.groups.some((g) => g.functionalId === 'IB')));
  const f = files[files.length - 1];
  const sent = new Map<string, number>();
  let lin = 0;
  let withUpc = 0;
  let qtySum = 0;
  let ctt01: number | null = null;
  let ctt02: number | null = null;
  for (const t of f ? f.interchanges.flatMap((ic) => ic.groups.flatMap((g) => g.transactions)) : []) {
    let sku: string | null = null;
    for (const s of t.segments) {
      if (s.id === 'LIN') {
        lin++;
        const vn = s.elements.indexOf('VN');
        sku = vn >= 0 ? (s.elements[vn + 1] ?? null) : null;
        if (s.elements.includes('UP')) withUpc++;
      } else if (s.id === 'QTY') {
        const q = Number(s.elements[1]);
        qtySum += q;
        if (sku !== null) sent.set(sku, q);
      } else if (s.id === 'CTT') {
        ctt01 = Number(s.elements[0]);
        ctt02 = Number(s.elements[1]);
      }
    }
  }
  let correct: Advice['correct'] = null;
  if (check.codes) {
    const answer = await api<{ data: { sku: string; quantity: number }[] }>(ctx, token, 'POST', '/inventory/availability', {
      iloc_ids: check.ilocIds, reserve_percentage: check.reserve,
    });
    const omnio = new Map(answer.data.map((r) => [r.sku, r.quantity]));
    const mismatches: NonNullable<Advice['correct']>['mismatches'] = [];
    let equal = 0;
    for (let n = 1; n <= SKUS; n++) {
      const want = omnio.get(code(n)) ?? null;
      const got = sent.get(code(n)) ?? null;
      if (want !== null && want === got) equal++;
      else if (mismatches.length < 20) mismatches.push({ sku: code(n), omnio: want, sent: got });
    }
    correct = { compared: SKUS, equal, mismatches };
  }
  const transfer = f ? await timeMailboxTransfer(fake, `${partner.outbound}/${f.name}`) : null;
  const a: Advice = { label, run, use, job, file: f ? { name: f.name, bytes: f.bytes } : null, transfer, lin, ctt01, ctt02, qtySum: round(qtySum, 3), withUpc, correct };
  console.log(
    `[bench] ${label}: ${run.wall_s.toFixed(2)} s, job result ${JSON.stringify({ skus: job.skus, buildMs: job.buildMs, ms: job.ms, delivered: job.delivered })}, ` +
    `${f ? `${f.name} ${n0(f.bytes)} bytes` : 'no 846 file'} (SFTP put of as many bytes alone ${n0(transfer?.put_ms ?? NaN)} ms), LIN ${n0(lin)}, CTT ${String(ctt01)}*${String(ctt02)} | ${cpuText(use)}`,
  );
  return a;
}

function adviceFacts(a: Advice) {
  return {
    label: a.label,
    build_ms: a.job.buildMs ?? null,
    job_ms: a.job.ms ?? null,
    job_result: a.job,
    wall_s: a.run.wall_s,
    recorded: a.run.recorded,
    run_id: a.run.runId,
    counts: a.run.run.counts,
    file: a.file,
    mailbox_transfer_alone: a.transfer,
    lin: a.lin,
    ctt01: a.ctt01,
    ctt02: a.ctt02,
    qty_sum: a.qtySum,
    with_upc: a.withUpc,
    verification: a.correct,
    cpu_s: a.use.cpu_s,
    cpu: a.use.cpu,
    disturbed: a.use.disturbed,
  };
}

/**
 * A company of the bench data set (lib/dataset.ts: extra companies with users that have every tenant permission)
 * with exactly 20,000 SKUs at one new iloc, so the 846 holds exactly those: SQL as the owner, as
 * woocommerce-stock loads its own. Answers the company, one of its users, and the iloc.
 */
async function loadBenchCompany(ctx: ScenarioContext): Promise<{ tenantId: string; email: string; ilocId: string }> {
  const q = ctx.ownerQuery;
  const started = Date.now();
  // A company none of the other scenarios' data touches, with a user who belongs to it alone.
  const [who] = await q(`
    SELECT c.id AS tenant_id, u.email FROM companies c
    JOIN company_users cu ON cu.company_id = c.id JOIN users u ON u.id = cu.user_id
    WHERE c.name LIKE 'Bench Company %' AND NOT EXISTS (SELECT 1 FROM skus s WHERE s.tenant_id = c.id)
      AND (SELECT count(*) FROM company_users o WHERE o.user_id = u.id) = 1
    ORDER BY c.name, u.email LIMIT 1`);
  if (!who) throw new Error('no bench company without SKUs and with a user of its own (lib/dataset.ts loads them)');
  const tenantId = String(who.tenant_id);
  const tag = Date.now().toString(36).toUpperCase();
  const [iloc] = await q(`INSERT INTO ilocs (tenant_id, name, code) VALUES ($1, $2, $3) RETURNING id`, [tenantId, `Bench EDI stock ${tag}`, `EDI-${tag}`]);
  const ilocId = String(iloc?.id);
  await q(`
    INSERT INTO skus (tenant_id, sku, name, type, barcode)
    SELECT $1, $2 || '-' || lpad(g::text, 6, '0'), 'EDI bench item ' || lpad(g::text, 6, '0'), 'REGULAR',
      CASE WHEN g % 2 = 0 THEN '8' || lpad(g::text, 11, '0') END
    FROM generate_series(1, $3::int) g`, [tenantId, PREFIX, SKUS]);
  await q(`
    INSERT INTO inventory_balances (tenant_id, sku_id, iloc_id, qty_good, qty_hold, qty_hurt, updated_at)
    SELECT s.tenant_id, s.id, $2, CASE WHEN (hashtext(s.sku) & 2147483647) % 20 = 0 THEN 0 ELSE 1 + (hashtext(s.sku || 'g') & 511) % 511 END,
      hashtext(s.sku || 'h') & 7, 0, now()
    FROM skus s WHERE s.tenant_id = $1`, [tenantId, ilocId]);
  await q(`
    INSERT INTO inventory_movements (tenant_id, sku_id, iloc_id, delta_good, delta_hold, reason, reference_type, reference_id, created_at)
    SELECT tenant_id, sku_id, iloc_id, qty_good, qty_hold, 'received', 'bench', 'load', updated_at
    FROM inventory_balances WHERE tenant_id = $1 AND iloc_id = $2 AND (qty_good <> 0 OR qty_hold <> 0)`, [tenantId, ilocId]);
  await q('ANALYZE skus, inventory_balances, inventory_movements');
  const [n] = await q(`SELECT count(*)::int AS n FROM skus WHERE tenant_id = $1`, [tenantId]);
  if (Number(n?.n) !== SKUS) throw new Error(`the bench company holds ${String(n?.n)} SKUs, expected ${SKUS}`);
  console.log(`[bench] ${n0(SKUS)} SKUs ${code(1)}…${code(SKUS)} with stock at a new iloc of ${String(who.email)}'s company, loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { tenantId, email: String(who.email), ilocId };
}

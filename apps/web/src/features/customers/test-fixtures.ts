import { STAMPS } from '../../shared/parties/test-fixtures';
import type { Customer, CustomerSummary, Group } from './api';

/** Test support for the customer screens: sample data; the fake network is the parties' one. */
export { page, renderPartyScreen, routeFetch, SLOW, STAMPS, type Call, type Route } from '../../shared/parties/test-fixtures';

export const WRITE = [
  'read-organization', 'create-organization', 'update-organization', 'delete-organization', 'read-group', 'create-group', 'update-group', 'delete-group',
  'read-order',
];

export const summary = (overrides: Partial<CustomerSummary> = {}): CustomerSummary => ({
  id: 'c1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null, company: 'Engines', group_id: null, group: null,
  complete: true, missing: [], order_count: 0, ...STAMPS, ...overrides,
});

export const customer = (overrides: Partial<Customer> = {}): Customer => ({
  ...summary(), notes: null, addresses: [], contacts: [], ...overrides,
});

export const group = (overrides: Partial<Group> = {}): Group => ({
  id: 'g1', type: 'customer', name: 'VIP', description: null, member_count: 0, customer_count: 0, ...STAMPS, ...overrides,
});

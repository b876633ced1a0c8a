import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const CustomersPage = lazy(() => import('./CustomersPage').then((m) => ({ default: m.CustomersPage })));
const CustomerShowPage = lazy(() => import('./CustomerShowPage').then((m) => ({ default: m.CustomerShowPage })));
const CustomerGroupsPage = lazy(() => import('./GroupsPage').then((m) => ({ default: m.CustomerGroupsPage })));
const SupplierGroupsPage = lazy(() => import('./GroupsPage').then((m) => ({ default: m.SupplierGroupsPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const customersScreens: ScreenMap = {
  customers: CustomersPage,
  'customer-show': CustomerShowPage,
  'customer-groups': CustomerGroupsPage,
  'supplier-groups': SupplierGroupsPage,
};

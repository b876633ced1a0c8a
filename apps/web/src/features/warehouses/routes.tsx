import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const WarehousesListPage = lazy(() => import('./WarehousesListPage').then((m) => ({ default: m.WarehousesListPage })));
const WarehouseCreatePage = lazy(() => import('./WarehouseCreatePage').then((m) => ({ default: m.WarehouseCreatePage })));
const WarehouseEditPage = lazy(() => import('./WarehouseEditPage').then((m) => ({ default: m.WarehouseEditPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const warehousesScreens: ScreenMap = {
  'warehouses-list': WarehousesListPage,
  'warehouse-create': WarehouseCreatePage,
  'warehouse-edit': WarehouseEditPage,
};

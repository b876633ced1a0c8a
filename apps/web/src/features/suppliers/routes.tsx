import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const SuppliersPage = lazy(() => import('./SuppliersPage').then((m) => ({ default: m.SuppliersPage })));
const SupplierShowPage = lazy(() => import('./SupplierShowPage').then((m) => ({ default: m.SupplierShowPage })));
const PackingTemplatesPage = lazy(() => import('./PackingTemplatesPage').then((m) => ({ default: m.PackingTemplatesPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const suppliersScreens: ScreenMap = {
  suppliers: SuppliersPage,
  'supplier-show': SupplierShowPage,
  'packing-templates': PackingTemplatesPage,
};

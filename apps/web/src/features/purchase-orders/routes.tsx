import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const PurchaseOrdersPage = lazy(() => import('./PurchaseOrdersPage').then((m) => ({ default: m.PurchaseOrdersPage })));
const SupplierPurchaseOrdersPage = lazy(() => import('./PurchaseOrdersPage').then((m) => ({ default: m.SupplierPurchaseOrdersPage })));
const PoFormPage = lazy(() => import('./PoFormPage').then((m) => ({ default: m.PoFormPage })));
const PoDetailPage = lazy(() => import('./PoDetailPage').then((m) => ({ default: m.PoDetailPage })));
const PoBySkusPage = lazy(() => import('./PoBySkusPage').then((m) => ({ default: m.PoBySkusPage })));
const SupplierPoPage = lazy(() => import('./SupplierPoPage').then((m) => ({ default: m.SupplierPoPage })));

/** Keyed by the route names of shared/routing/routes-table.ts; /po-create-v2 is the same form as /purchase-order/create. */
export const purchaseOrdersScreens: ScreenMap = {
  'purchase-orders': PurchaseOrdersPage,
  'purchase-order-create': PoFormPage,
  'po-create-v2': PoFormPage,
  'po-edit': PoFormPage,
  'purchase-order-show': PoDetailPage,
  'po-create-by-skus': PoBySkusPage,
  'supplier-purchase-orders': SupplierPurchaseOrdersPage,
  'supplier-purchase-order': SupplierPoPage,
};

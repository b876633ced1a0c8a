import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const OrdersPage = lazy(() => import('./OrdersPage').then((m) => ({ default: m.OrdersPage })));
const OrderCreatePage = lazy(() => import('./OrderCreatePage').then((m) => ({ default: m.OrderCreatePage })));
const OrderDetailPage = lazy(() => import('./OrderDetailPage').then((m) => ({ default: m.OrderDetailPage })));
const UploadCsvOrderScreen = lazy(() => import('./UploadCsvOrderScreen').then((m) => ({ default: m.UploadCsvOrderScreen })));

/** Keyed by the route names of shared/routing/routes-table.ts; /orders/edit/:id is the order's detail and edit screen. */
export const ordersScreens: ScreenMap = {
  orders: OrdersPage,
  'order-create': OrderCreatePage,
  'order-edit': OrderDetailPage,
  'iframe-upload-csv-order': UploadCsvOrderScreen,
};

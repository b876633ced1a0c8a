import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const AsnListPage = lazy(() => import('./AsnListPage').then((m) => ({ default: m.AsnListPage })));
const PoShipmentPage = lazy(() => import('./AsnEditPage').then((m) => ({ default: () => <m.AsnEditPage mode="po" /> })));
const TransferShipmentPage = lazy(() => import('./AsnEditPage').then((m) => ({ default: () => <m.AsnEditPage mode="transfer" /> })));
const SupplierShipmentPage = lazy(() => import('./AsnEditPage').then((m) => ({ default: () => <m.AsnEditPage mode="supplier" /> })));
const ReceivePage = lazy(() => import('./ReceivePage').then((m) => ({ default: m.ReceivePage })));
const TransfersPage = lazy(() => import('./TransfersPage').then((m) => ({ default: m.TransfersPage })));
const TransferCreatePage = lazy(() => import('./TransferCreatePage').then((m) => ({ default: m.TransferCreatePage })));
const TransferShowPage = lazy(() => import('./TransferShowPage').then((m) => ({ default: m.TransferShowPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const supplyScreens: ScreenMap = {
  asn: AsnListPage,
  'asn-process': ReceivePage,
  'po-shipment': PoShipmentPage,
  'transfer-shipment': TransferShipmentPage,
  'supplier-po-shipment': SupplierShipmentPage,
  transfers: TransfersPage,
  'create-transfers': TransferCreatePage,
  'transfer-show': TransferShowPage,
};

import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const ShipmentCreatePage = lazy(() => import('./ShipmentCreatePage').then((m) => ({ default: m.ShipmentCreatePage })));
const ShipmentReturnPage = lazy(() => import('./ShipmentReturnPage').then((m) => ({ default: m.ShipmentReturnPage })));
const ReturnsPage = lazy(() => import('./ReturnsPage').then((m) => ({ default: m.ReturnsPage })));

export const shipmentsScreens: ScreenMap = {
  'shipment-create': ShipmentCreatePage,
  'shipment-return': ShipmentReturnPage,
  returns: ReturnsPage,
};

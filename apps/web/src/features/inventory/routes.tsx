import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const InventoryPage = lazy(() => import('./InventoryPage').then((m) => ({ default: m.InventoryPage })));

export const inventoryScreens: ScreenMap = {
  inventory: InventoryPage,
};

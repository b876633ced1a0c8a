import type { ScreenMap } from '../../app/screen-map';

/** Keyed by the route names of app/routes-table.ts (filled in by the supply-chain work). */
export const purchaseOrdersScreens: ScreenMap = {};

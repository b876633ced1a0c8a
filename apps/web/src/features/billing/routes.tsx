import type { ScreenMap } from '../../app/screen-map';

/** Keyed by the route names of app/routes-table.ts. */
export const billingScreens: ScreenMap = {};

import { lazy } from 'react';
import type { ScreenMap } from '../../app/screen-map';

const AdvancedPage = lazy(() => import('./AdvancedPage').then((m) => ({ default: m.AdvancedPage })));

/** Keyed by the route names of app/routes-table.ts. */
export const advancedScreens: ScreenMap = {
  advanced: AdvancedPage,
};

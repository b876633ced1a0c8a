import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const ActivityPage = lazy(() => import('./ActivityPage').then((m) => ({ default: m.ActivityPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const activityScreens: ScreenMap = {
  'user-activity': ActivityPage,
};

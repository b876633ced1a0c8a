import { lazy } from 'react';
import type { ScreenMap } from '../../app/screen-map';

const ActivityPage = lazy(() => import('./ActivityPage').then((m) => ({ default: m.ActivityPage })));

/** Keyed by the route names of app/routes-table.ts. */
export const activityScreens: ScreenMap = {
  'user-activity': ActivityPage,
};

import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const DashboardPage = lazy(() => import('./DashboardPage').then((m) => ({ default: m.DashboardPage })));

/** Keyed by the route names of shared/routing/routes-table.ts; replaces the placeholder tenant dashboard (the owner keeps his). */
export const dashboardScreens: ScreenMap = {
  dashboard: DashboardPage,
  'dashboard-ecommerce': DashboardPage,
};

import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const DashboardScreen = lazy(() => import('./DashboardScreen').then((m) => ({ default: m.DashboardScreen })));

export const placeholderScreens: ScreenMap = {
  dashboardAdmin: DashboardScreen,
  dashboard: DashboardScreen,
};

import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const CustomLoginPage = lazy(() => import('./CustomLoginPage').then((m) => ({ default: m.CustomLoginPage })));
const GeneralSettingsPage = lazy(() => import('./GeneralSettingsPage').then((m) => ({ default: m.GeneralSettingsPage })));
const OwnerDashboardPage = lazy(() => import('./OwnerDashboardPage').then((m) => ({ default: m.OwnerDashboardPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. dashboardAdmin replaces the placeholder's (spread after it). */
export const platformSettingsScreens: ScreenMap = {
  'custom-login': CustomLoginPage,
  'admin-general': GeneralSettingsPage,
  dashboardAdmin: OwnerDashboardPage,
};

import { lazy } from 'react';
import type { ScreenMap } from '../shared/routing/screen-map';
import { catalogScreens } from '../features/catalog/routes';
import { companiesScreens } from '../features/companies/routes';
import { errorScreens } from '../features/errors/routes';
import { ilocsScreens } from '../features/ilocs/routes';
import { inventoryScreens } from '../features/inventory/routes';
import { ordersScreens } from '../features/orders/routes';
import { customersScreens } from '../features/customers/routes';
import { shipmentsScreens } from '../features/shipments/routes';
import { suppliersScreens } from '../features/suppliers/routes';
import { purchaseOrdersScreens } from '../features/purchase-orders/routes';
import { mailSettingsScreens } from '../features/mail-settings/routes';
import { supplyScreens } from '../features/supply/routes';
import { notificationsScreens } from '../features/notifications/routes';
import { activityScreens } from '../features/activity/routes';
import { placeholderScreens } from '../features/placeholder/routes';
import { dashboardScreens } from '../features/dashboard/routes';
import { profileScreens } from '../features/profile/routes';
import { sessionScreens } from '../features/session/routes';
import { usersScreens } from '../features/users/routes';
import { billingScreens } from '../features/billing/routes';
import { warehousesScreens } from '../features/warehouses/routes';
import { servicesScreens } from '../features/services/routes';
import { platformSettingsScreens } from '../features/platform-settings/routes';
import { channelsScreens } from '../features/channels/routes';
import { mappersScreens } from '../features/mappers/routes';
import { rulesScreens } from '../features/rules/routes';
import { forecastingScreens } from '../features/forecasting/routes';
import { composedScreens } from './composed/composed-screens';

const PlaceholderScreen = lazy(() => import('../features/placeholder/PlaceholderScreen').then((m) => ({ default: m.PlaceholderScreen })));

/** Feature screens win over the shell's own (a feature may replace a placeholder dashboard). */
const SCREENS: ScreenMap = {
  ...placeholderScreens,
  ...dashboardScreens,
  ...sessionScreens,
  ...errorScreens,
  ...companiesScreens,
  ...usersScreens,
  ...ilocsScreens,
  ...profileScreens,
  ...catalogScreens,
  ...inventoryScreens,
  ...ordersScreens,
  ...customersScreens,
  ...shipmentsScreens,
  ...suppliersScreens,
  ...purchaseOrdersScreens,
  ...mailSettingsScreens,
  ...supplyScreens,
  ...notificationsScreens,
  ...activityScreens,
  ...billingScreens,
  ...warehousesScreens,
  ...servicesScreens,
  ...platformSettingsScreens,
  ...mappersScreens,
  ...rulesScreens,
  ...forecastingScreens,
  ...channelsScreens,
  // Last: a composed screen wins, e.g. /feed-history is the channel runs with the notifications reports as a tab.
  ...composedScreens,
};

/** Routes that show another route's screen (the spec gives two paths to one screen). */
const ALIASES: Record<string, string> = {
  users: 'tenant_users',
  'session-active-company': 'session-companies',
};

export function screenFor(name: string): ScreenMap[string] {
  return SCREENS[name] ?? SCREENS[ALIASES[name] ?? ''] ?? PlaceholderScreen;
}

export function hasOwnScreen(name: string): boolean {
  return name in SCREENS || (ALIASES[name] ?? '') in SCREENS;
}

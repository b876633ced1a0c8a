import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const IntegrationsPage = lazy(() => import('./IntegrationsPage').then((m) => ({ default: m.IntegrationsPage })));
const ShopifyCreatePage = lazy(() => import('./ShopifyCreatePage').then((m) => ({ default: m.ShopifyCreatePage })));
const ConnectionsPage = lazy(() => import('./ConnectionsPage').then((m) => ({ default: m.ConnectionsPage })));
const ConnectionPage = lazy(() => import('./ConnectionPage').then((m) => ({ default: m.ConnectionPage })));
const InstallIntegrationScreen = lazy(() => import('./InstallScreens').then((m) => ({ default: m.InstallIntegrationScreen })));
const CreateIntegrationScreen = lazy(() => import('./InstallScreens').then((m) => ({ default: m.CreateIntegrationScreen })));
const CompleteInstallScreen = lazy(() => import('./InstallScreens').then((m) => ({ default: m.CompleteInstallScreen })));

/**
 * Keyed by the route names of shared/routing/routes-table.ts; /services/shopify-api-rest is the same Shopify
 * screen. `feedHistory` (the runs, with the notifications feature's reports as a tab) is put together in app/composed.
 */
export const channelsScreens: ScreenMap = {
  integrations: IntegrationsPage,
  'shopify-create': ShopifyCreatePage,
  'shopify-api-rest': ShopifyCreatePage,
  connections: ConnectionsPage,
  'connection-show': ConnectionPage,
  'install-integration': InstallIntegrationScreen,
  'create-integration': CreateIntegrationScreen,
  'complete-install': CompleteInstallScreen,
};

import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const IntegrationsPage = lazy(() => import('./IntegrationsPage').then((m) => ({ default: m.IntegrationsPage })));
const ShopifyCreatePage = lazy(() => import('./ShopifyCreatePage').then((m) => ({ default: m.ShopifyCreatePage })));
const WooCommerceCreatePage = lazy(() => import('./ChannelCreatePage').then((m) => ({ default: m.WooCommerceCreatePage })));
const BigCommerceCreatePage = lazy(() => import('./ChannelCreatePage').then((m) => ({ default: m.BigCommerceCreatePage })));
const JumpsellerCreatePage = lazy(() => import('./ChannelCreatePage').then((m) => ({ default: m.JumpsellerCreatePage })));
const CartRoverCreatePage = lazy(() => import('./ChannelCreatePage').then((m) => ({ default: m.CartRoverCreatePage })));
const EdiX12CreatePage = lazy(() => import('./edi/EdiCreatePage').then((m) => ({ default: m.EdiX12CreatePage })));
const CommerceHubCreatePage = lazy(() => import('./edi/EdiCreatePage').then((m) => ({ default: m.CommerceHubCreatePage })));
const SpsCommerceCreatePage = lazy(() => import('./edi/EdiCreatePage').then((m) => ({ default: m.SpsCommerceCreatePage })));
const WooCommerceReturnScreen = lazy(() => import('./ChannelInstallScreens').then((m) => ({ default: m.WooCommerceReturnScreen })));
const BigCommerceConnectorScreen = lazy(() => import('./ChannelInstallScreens').then((m) => ({ default: m.BigCommerceConnectorScreen })));
const BigCommerceLoadScreen = lazy(() => import('./ChannelInstallScreens').then((m) => ({ default: m.BigCommerceLoadScreen })));
const ConnectionsPage = lazy(() => import('./ConnectionsPage').then((m) => ({ default: m.ConnectionsPage })));
const ConnectionPage = lazy(() => import('./ConnectionPage').then((m) => ({ default: m.ConnectionPage })));
const InstallIntegrationScreen = lazy(() => import('./InstallScreens').then((m) => ({ default: m.InstallIntegrationScreen })));
const CreateIntegrationScreen = lazy(() => import('./InstallScreens').then((m) => ({ default: m.CreateIntegrationScreen })));
const CompleteInstallScreen = lazy(() => import('./InstallScreens').then((m) => ({ default: m.CompleteInstallScreen })));

/**
 * Keyed by the route names of shared/routing/routes-table.ts; /services/shopify-api-rest is the same Shopify
 * screen, /services/bigcommerce-rest the same BigCommerce one. `feedHistory` (the runs, with the notifications feature's reports as a tab) is put together in app/composed.
 */
export const channelsScreens: ScreenMap = {
  integrations: IntegrationsPage,
  'shopify-create': ShopifyCreatePage,
  'shopify-api-rest': ShopifyCreatePage,
  'woocommerce-create': WooCommerceCreatePage,
  'woocommerce21-create': WooCommerceReturnScreen,
  'bigcommerce-create': BigCommerceCreatePage,
  'bigcommerce-rest': BigCommerceCreatePage,
  'bigcommerce-connector': BigCommerceConnectorScreen,
  bigcommerce: BigCommerceLoadScreen,
  'jumpseller-create': JumpsellerCreatePage,
  'cart-rover': CartRoverCreatePage,
  'edi-create': EdiX12CreatePage,
  'commercehub-create': CommerceHubCreatePage,
  'spscommerce-create': SpsCommerceCreatePage,
  connections: ConnectionsPage,
  'connection-show': ConnectionPage,
  'install-integration': InstallIntegrationScreen,
  'create-integration': CreateIntegrationScreen,
  'complete-install': CompleteInstallScreen,
};

import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const AdvancedScreen = lazy(() => import('./AdvancedScreen').then((m) => ({ default: m.AdvancedScreen })));
const CompanyConfScreen = lazy(() => import('./CompanyConfScreen').then((m) => ({ default: m.CompanyConfScreen })));
const FeedHistoryScreen = lazy(() => import('./FeedHistoryScreen').then((m) => ({ default: m.FeedHistoryScreen })));
const OrderDetailScreen = lazy(() => import('./OrderDetailScreen').then((m) => ({ default: m.OrderDetailScreen })));
const ProductShowScreen = lazy(() => import('./ProductShowScreen').then((m) => ({ default: m.ProductShowScreen })));

/**
 * Screens made of more than one feature. Features never import each other, so the page that shows another
 * feature's panel, dialog or screen takes it as a prop and is put together here, keyed by route name.
 */
export const composedScreens: ScreenMap = {
  advanced: AdvancedScreen,
  'company-conf': CompanyConfScreen,
  feedHistory: FeedHistoryScreen,
  'product-show': ProductShowScreen,
  'order-edit': OrderDetailScreen,
};

import { lazy } from 'react';
import type { ScreenMap } from '../../shared/routing/screen-map';

const BillingPage = lazy(() => import('./BillingPage').then((m) => ({ default: m.BillingPage })));
const CheckoutPage = lazy(() => import('./CheckoutPage').then((m) => ({ default: m.CheckoutPage })));
const AdminBillingPage = lazy(() => import('./AdminBillingPage').then((m) => ({ default: m.AdminBillingPage })));

/** Keyed by the route names of shared/routing/routes-table.ts. */
export const billingScreens: ScreenMap = {
  billing: BillingPage,
  'billing-checkout': CheckoutPage,
  'admin-billing': AdminBillingPage,
};

import { catalogStrings } from '../features/catalog/i18n';
import { companiesStrings } from '../features/companies/i18n';
import { ilocsStrings } from '../features/ilocs/i18n';
import { inventoryStrings } from '../features/inventory/i18n';
import { mediaStrings } from '../features/media/i18n';
import { ordersStrings } from '../features/orders/i18n';
import { customersStrings } from '../features/customers/i18n';
import { shipmentsStrings } from '../features/shipments/i18n';
import { suppliersStrings } from '../features/suppliers/i18n';
import { purchaseOrdersStrings } from '../features/purchase-orders/i18n';
import { mailSettingsStrings } from '../features/mail-settings/i18n';
import { supplyStrings } from '../features/supply/i18n';
import { profileStrings } from '../features/profile/i18n';
import { usersStrings } from '../features/users/i18n';
import { i18n, registerNamespace } from '../shared/i18n/i18n';
import { routeTitleBundles } from './route-titles';

/** Registers every feature namespace and the screen titles; imported once before the app renders. */
export function setupI18n(): typeof i18n {
  registerNamespace('companies', companiesStrings);
  registerNamespace('users', usersStrings);
  registerNamespace('ilocs', ilocsStrings);
  registerNamespace('profile', profileStrings);
  registerNamespace('catalog', catalogStrings);
  registerNamespace('inventory', inventoryStrings);
  registerNamespace('media', mediaStrings);
  registerNamespace('orders', ordersStrings);
  registerNamespace('customers', customersStrings);
  registerNamespace('shipments', shipmentsStrings);
  registerNamespace('suppliers', suppliersStrings);
  registerNamespace('purchaseOrders', purchaseOrdersStrings);
  registerNamespace('mailSettings', mailSettingsStrings);
  registerNamespace('supply', supplyStrings);
  const titles = routeTitleBundles();
  registerNamespace('common', { en: { routes: titles.en }, es: { routes: titles.es } });
  return i18n;
}

import * as users from './modules/users/users.tables';
import * as companies from './modules/companies/companies.tables';
import * as suppliers from './modules/suppliers/suppliers.tables';
import * as ilocs from './modules/ilocs/ilocs.tables';
import * as auth from './modules/auth/auth.tables';
import * as catalog from './modules/catalog/catalog.tables';
import * as inventory from './modules/inventory/inventory.tables';
import * as mediables from './modules/mediables/mediables.tables';
import * as orders from './modules/orders/orders.tables';
import * as customers from './modules/customers/customers.tables';
import * as purchaseOrders from './modules/purchase-orders/purchase-orders.tables';
import * as packingTemplates from './modules/packing-templates/packing-templates.tables';
import * as activity from './modules/activity/activity.tables';
import * as billing from './modules/billing/billing.tables';
import * as warehouses from './modules/warehouses/warehouses.tables';
import * as services from './modules/services/services.tables';
import * as templates from './modules/templates/templates.tables';
import * as platformSettings from './modules/platform-settings/platform-settings.tables';

/**
 * Every module's Drizzle tables in one object, which schema-drift.test.ts holds against the database. The SQL in
 * platform/db/migrations/ is the source of truth; modules that query only through SQL (supply shipments,
 * transfers, mail settings, webhooks) have no tables file. Each module imports its own tables; the database
 * client is opened without this object, since no query uses Drizzle's relational API.
 */
export const schema = { ...users, ...companies, ...suppliers, ...ilocs, ...auth, ...catalog, ...inventory, ...mediables, ...customers, ...orders,
  ...purchaseOrders, ...packingTemplates, ...activity,
  ...billing, ...warehouses, ...services, ...templates, ...platformSettings,
};

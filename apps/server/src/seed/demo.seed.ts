import { count, eq } from 'drizzle-orm';
import type { AppDb } from '../platform/db/client';
import { enterTenant } from '../platform/db/privileged';
import { users } from '../modules/users/users.tables';
import { insertUser, offerWelcomeTour } from '../modules/users/users.service';
import { insertCompany } from '../modules/companies/companies.service';
import { supplierAddresses, supplierContacts, suppliers } from '../modules/suppliers/suppliers.tables';
import { ilocs } from '../modules/ilocs/ilocs.tables';
import { seedDemoBilling } from '../modules/billing/billing.seed';
import { seedDemoBusiness, type DemoBusinessCounts } from './demo-business.seed';

export const DEMO = {
  owner: { email: 'admin@omnio.test', password: 'Omnio#Admin1', name: 'Olivia Owner' },
  acmeTenant: { email: 'tenant@acme.test', password: 'Omnio#Tenant1', name: 'Tom Tenant' },
  acmeSupplier: { email: 'supplier@acme.test', password: 'Omnio#Supplier1', name: 'Sam Supplier' },
  globexTenant: { email: 'tenant@globex.test', password: 'Omnio#Tenant2', name: 'Gina Globex' },
} as const;

export interface SeedOptions {
  /** Also a year of Acme's business (demo-business.seed.ts): what `npm start` shows a newcomer. Tests leave it off. */
  business?: boolean;
  /** Called with what the business seed wrote and how long it took. */
  onBusiness?: (counts: DemoBusinessCounts & { ms: number }) => void;
}

/**
 * API.md demo data: four users, two companies, a supplier (with its terms, addresses and a contact), a few
 * ilocs per company; with `business`, Acme's catalog, stock, orders, shipments, returns, POs and an ASN.
 * Only on an empty database, in one transaction: a start that fails half-way leaves nothing, and the next
 * start seeds again.
 */
export async function seedDemo(db: AppDb, options: SeedOptions = {}): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  await db.transaction(async (tx) => {
    await insertUser(tx, { ...DEMO.owner, role: 'owner' });
    const acme = await insertCompany(tx, { name: 'Acme Outfitters', email: 'ops@acme.test', city: 'Austin', region: 'TX', country: 'US' });
    const globex = await insertCompany(tx, { name: 'Globex Retail', email: 'ops@globex.test', city: 'Madrid', country: 'ES' });
    const tom = await insertUser(tx, { ...DEMO.acmeTenant, role: 'tenant', companyId: acme.id });
    await insertUser(tx, { ...DEMO.globexTenant, role: 'tenant', companyId: globex.id, language: 'sp' });

    await enterTenant(tx, acme.id);
    const [northwind] = await tx
      .insert(suppliers)
      .values({
        tenantId: acme.id, name: 'Northwind Supply', email: 'orders@northwind.test', phone: '+1 (206) 555-0142', website: 'https://northwind.test',
        paymentTerms: 'Net 30', minOrder: '500.00', leadTimeDays: 14, currency: 'USD', notes: 'Ships from Seattle; dock appointments 8am–2pm.',
      })
      .returning();
    await tx.insert(supplierAddresses).values([
      { tenantId: acme.id, supplierId: northwind!.id, kind: 'shipping', isDefault: true, company: 'Northwind Supply', address1: '400 Harbor Ave SW',
        city: 'Seattle', state: 'WA', zip: '98126', country: 'US', phone: '+1 (206) 555-0142' },
      { tenantId: acme.id, supplierId: northwind!.id, kind: 'remit_to', isDefault: true, company: 'Northwind Supply AR', address1: 'PO Box 3310',
        city: 'Seattle', state: 'WA', zip: '98114', country: 'US' },
    ]);
    await tx.insert(supplierContacts).values({
      tenantId: acme.id, supplierId: northwind!.id, name: 'Nora Reyes', email: 'nora.reyes@northwind.test', phone: '+1 (206) 555-0143', role: 'Account manager',
    });
    const acmeIlocs = await tx.insert(ilocs).values([
      { tenantId: acme.id, name: 'Austin Main Warehouse', code: 'AUS-MAIN', type: 'warehouse', city: 'Austin', region: 'TX', country: 'US' },
      { tenantId: acme.id, name: 'Shipedge Reno', code: 'SE-RENO', type: '3pl', company: 'shipedge', menu: true, city: 'Reno', region: 'NV', country: 'US' },
      { tenantId: acme.id, name: 'Downtown Store', code: 'STORE-1', type: 'store', city: 'Austin', region: 'TX', country: 'US' },
    ]).returning({ id: ilocs.id, code: ilocs.code });
    await insertUser(tx, { ...DEMO.acmeSupplier, role: 'supplier', companyId: acme.id, supplierId: northwind!.id });
    if (options.business) {
      const started = Date.now();
      const iloc = (code: string) => acmeIlocs.find((i) => i.code === code)!.id;
      const counts = await seedDemoBusiness(tx, {
        tenantId: acme.id, userId: tom, supplierId: northwind!.id, ilocs: { main: iloc('AUS-MAIN'), reno: iloc('SE-RENO'), store: iloc('STORE-1') },
      });
      options.onBusiness?.({ ...counts, ms: Date.now() - started });
      // The newcomer who signs in to the demo business gets the welcome tour.
      await offerWelcomeTour(tx, tom);
    }

    await enterTenant(tx, globex.id);
    await tx.insert(ilocs).values([
      { tenantId: globex.id, name: 'Madrid Central', code: 'MAD-1', type: 'warehouse', city: 'Madrid', country: 'ES' },
      { tenantId: globex.id, name: 'Mintsoft UK', code: 'MS-UK', type: '3pl', company: 'mintsoft', menu: true, city: 'London', country: 'GB' },
    ]);
    // Billing: the demo plans and extras; Acme on Scale, Globex on Starter (manual provider).
    await seedDemoBilling(tx, { acmeId: acme.id, globexId: globex.id });
  });
  return true;
}

export async function demoUserId(db: AppDb, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`demo user ${email} missing`);
  return row.id;
}

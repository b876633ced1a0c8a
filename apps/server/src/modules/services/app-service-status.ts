import { eq } from 'drizzle-orm';
import { serviceStatusAllows } from '@omnio/domain';
import type { Queryable } from '../../platform/db/client';
import { appServices } from './services.tables';

/**
 * Why the token endpoint refuses a client, or null: a paused or inactive app service may not get tokens.
 * Clients that are not app services (omnio-web) have no row and are never refused here.
 */
export async function appServiceRefusal(db: Queryable, clientId: string): Promise<string | null> {
  const [row] = await db.select({ status: appServices.status }).from(appServices).where(eq(appServices.clientId, clientId)).limit(1);
  if (!row || serviceStatusAllows(row.status, 'opens')) return null;
  return row.status === 'PAUSE' ? 'This app service is paused' : 'This app service is inactive';
}

import type { Config } from '../platform/config';
import type { AppDb } from '../platform/db/client';
import { oauthClients } from '../modules/auth/auth.tables';
import { hashClientSecret } from '../modules/auth/oauth-model';

/** The web app's OAuth client, kept in step with configuration at every start. */
export async function ensureOauthClient(db: AppDb, config: Config): Promise<void> {
  await db
    .insert(oauthClients)
    .values({ id: config.oauthClientId, name: 'Omnio web', secretHash: hashClientSecret(config.oauthClientSecret), grants: ['password', 'refresh_token'] })
    .onConflictDoUpdate({ target: oauthClients.id, set: { secretHash: hashClientSecret(config.oauthClientSecret), revoked: false } });
}

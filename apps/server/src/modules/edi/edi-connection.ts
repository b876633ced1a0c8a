import dns from 'node:dns/promises';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { CHANNEL_PRIVATE_TARGET_MESSAGE } from '../channels/http-client';
import { isPrivateAddress } from '../webhooks/webhook-targets';
import type { RunContext } from '../channels/channel-run.job';
import { ChannelAuthError, ChannelCallError } from '../channels/connector';
import type { PartnerProfile } from './edi-profile';
import { MailboxError, openMailbox, type Mailbox, type MailboxConfig } from './mailbox/mailbox';

/**
 * Opens a partner's mailbox with the framework's errors: refused credentials or a changed host key stop the
 * run until the seller acts (ChannelAuthError); a server that cannot be reached is a failed run (retried by
 * the next schedule).
 */
export async function connectMailbox(config: MailboxConfig, allowPrivate: boolean): Promise<Mailbox> {
  const target = await guardedHost(config.host, allowPrivate);
  try {
    // SFTP goes to the very address checked (its host key is the identity); FTPS keeps the name for TLS.
    return await openMailbox(config.protocol === 'sftp' ? { ...config, host: target } : config);
  } catch (err) {
    throw asChannelError(err);
  }
}

/** The address the mailbox is reached at, refused when it is loopback or private (SSRF), unless allowed. */
async function guardedHost(host: string, allowPrivate: boolean): Promise<string> {
  if (allowPrivate) return host;
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(bare) ? [bare] : (await dns.lookup(bare, { all: true })).map((a) => a.address);
  } catch {
    throw new ChannelCallError(`Could not find the mailbox host ${host}`, null, 'mailbox_unreachable');
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) throw new ChannelCallError(`${CHANNEL_PRIVATE_TARGET_MESSAGE} (${host})`, null, 'private_target');
  return addresses[0]!;
}

export function asChannelError(err: unknown): Error {
  if (!(err instanceof MailboxError)) return err instanceof Error ? err : new Error(String(err));
  if (err.code === 'auth' || err.code === 'host_key') return new ChannelAuthError(err.message, err.code === 'auth' ? 401 : 403);
  return new ChannelCallError(err.message, null, `mailbox_${err.code}`);
}

/** The run's mailbox; the host key seen on the first connection is pinned in the settings (later ones must match). */
export async function openRunMailbox(run: RunContext, profile: PartnerProfile): Promise<Mailbox> {
  const mailbox = await connectMailbox(profile.mailbox, run.cctx.config.channelAllowPrivateTargets);
  if (!profile.mailbox.hostKeySha256 && mailbox.hostKeySha256) {
    await run.inTenant((tx) => tx.execute(sql`
      UPDATE processes SET settings = settings || ${JSON.stringify({ sftp_host_key: mailbox.hostKeySha256 })}::jsonb, updated_at = now()
      WHERE tenant_id = ${run.job.tenantId}::uuid AND id = ${run.process.id}::uuid`));
  }
  return mailbox;
}

/** Runs `fn` with the mailbox open and closes it after, whatever happens; mailbox errors become channel errors. */
export async function withRunMailbox<T>(run: RunContext, profile: PartnerProfile, fn: (mailbox: Mailbox) => Promise<T>): Promise<T> {
  const mailbox = await openRunMailbox(run, profile);
  try {
    return await fn(mailbox);
  } catch (err) {
    throw asChannelError(err);
  } finally {
    await mailbox.close().catch(() => undefined);
  }
}

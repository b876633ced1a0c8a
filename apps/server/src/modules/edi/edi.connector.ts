import type { Connector } from '../channels/connector';
import { ChannelCallError } from '../channels/connector';
import { asChannelError, connectMailbox } from './edi-connection';
import { runEdiImport } from './edi-inbound';
import { runEdiInventoryAdvice } from './edi-inventory';
import { partnerProfile } from './edi-profile';
import { runEdiShipNotices } from './edi-ship-notice';

/**
 * The X12 trading partner as a connector: files in a mailbox instead of an API, so its three actions bring their
 * own runners (the framework keeps the runs, leases, schedules and feed history). EDI has no webhooks.
 */
export const ediConnector: Connector = {
  driver: 'edi-x12',
  apiVersion: 'X12 004010',
  actions: ['import_orders', 'update_tracking', 'sync_inventory'],
  runners: { import_orders: runEdiImport, update_tracking: runEdiShipNotices, sync_inventory: runEdiInventoryAdvice },

  async test(ctx) {
    const profile = partnerProfile(ctx.settings, ctx.credentials);
    const mailbox = await connectMailbox(profile.mailbox, ctx.config.channelAllowPrivateTargets);
    try {
      const inbound = await mailbox.list(profile.inboundDir);
      const outbound = await mailbox.list(profile.outboundDir);
      return {
        ok: true,
        shop: { name: `${profile.partner.id} (${profile.preset})`, domain: `${profile.mailbox.protocol}://${profile.mailbox.host}:${profile.mailbox.port}`, plan: null },
        mailbox: {
          protocol: profile.mailbox.protocol, host: profile.mailbox.host, host_key_sha256: mailbox.hostKeySha256,
          inbound_files: inbound.length, outbound_files: outbound.length,
        },
      };
    } catch (err) {
      throw asChannelError(err);
    } finally {
      await mailbox.close().catch(() => undefined);
    }
  },

  async fetchOrders() {
    throw new ChannelCallError('EDI orders arrive as files in the mailbox');
  },
  verifyWebhook: () => false,
  webhookDelivery: () => ({ deliveryId: null, topic: null }),
  parseWebhook: () => ({ kind: 'ignored', reason: 'EDI partners send files, not webhooks' }),
};

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INBOUND_WEBHOOK_KINDS, ZInboundWebhookReceipt, dataOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { receiveInboundWebhook } from './inbound-webhooks.service';

/** The most a channel may send in one delivery; more is a 413. */
const BODY_LIMIT = 1024 * 1024;
const ZGatewayParams = z.object({ process: z.string().max(64) });

/**
 * Spec 7 inbound webhook URLs: public, verified by the process's secret, stored, then worked by a job.
 * One route per kind, so an unknown kind is the server's plain 404.
 */
export function registerInboundWebhookRoutes(scope: FastifyInstance, deps: AppDeps): void {
  // The signature is over the exact bytes sent: keep every body as a buffer, whatever its content type.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  const app = scope.withTypeProvider<ZodTypeProvider>();
  for (const kind of INBOUND_WEBHOOK_KINDS) {
    const slash = kind.indexOf('/');
    const context = kind.slice(0, slash);
    const resource = kind.slice(slash + 1);
    app.post(`/processes/:process/gateway/webhook/${kind}`, {
      bodyLimit: BODY_LIMIT,
      schema: { tags: ['inbound-webhooks'], params: ZGatewayParams, security: [], response: { 200: dataOf(ZInboundWebhookReceipt), 202: dataOf(ZInboundWebhookReceipt) } },
    }, async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const data = await receiveInboundWebhook(deps, { processId: req.params.process, context, resource, headers: req.headers, body, ip: req.ip });
      // A delivery seen before (or a ping) is acknowledged (200) so the service stops sending it; a new one is accepted for work (202).
      return reply.status(data.status === 'received' ? 202 : 200).send({ data });
    });
  }
}

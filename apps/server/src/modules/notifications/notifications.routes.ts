import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZFileBody, ZListQuery, ZNotification, ZNotificationPage, ZNotificationSettingsUpdate, ZNotificationSettingsView, ZNotificationsMarked,
  ZOrdersReportRequest, ZReportStarted, ZUserNotificationSettings, dataOf,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import { contentDisposition } from '../mediables/media-files';
import { listNotifications, markAllNotificationsRead, markNotification } from './notifications.service';
import { readNotificationSettings, updateNotificationSettings } from './notification-settings.service';
import { openReportFile, startOrdersReport } from './reports.service';

/** Every tenant and supplier user has their own notifications; the owner has none (spec 6). */
const own = { access: { roles: ['tenant', 'supplier'] as const } };
const readOrders = { access: { roles: ['tenant'] as const, permission: 'read-order' } };
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const ZUser = z.object({ userId: z.string().max(64) });
const ZId = z.object({ id: z.string().max(64) });

/** Spec 7 notifications: list per user, mark read, mark unread; and the orders report (docs/api-notifications.md). */
export function registerNotificationRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  app.get('/notifications/:userId/user', { config: own, schema: { tags, params: ZUser, querystring: ZListQuery, response: { 200: ZNotificationPage } } },
    async (req) => listNotifications(ctxOf(req, deps), req.params.userId, req.query));
  app.put('/notifications/mark-as-read/:id', { config: own, schema: { tags, params: ZId, response: { 200: dataOf(ZNotification) } } },
    async (req) => ({ data: await markNotification(ctxOf(req, deps), req.params.id, true) }));
  app.put('/notifications/mark-as-unread/:id', { config: own, schema: { tags, params: ZId, response: { 200: dataOf(ZNotification) } } },
    async (req) => ({ data: await markNotification(ctxOf(req, deps), req.params.id, false) }));
  app.put('/notifications/mark-all-as-read', { config: own, schema: { tags, response: { 200: dataOf(ZNotificationsMarked) } } },
    async (req) => ({ data: await markAllNotificationsRead(ctxOf(req, deps)) }));

  // Issue 24, /user-notifications: which kinds reach the bell and which are e-mailed, per user.
  const settingsTags = ['notification settings'];
  app.get('/notification-settings', { config: own, schema: { tags: settingsTags, response: { 200: dataOf(ZNotificationSettingsView) } } },
    async (req) => ({ data: await readNotificationSettings(ctxOf(req, deps)) }));
  app.put('/notification-settings/:userId', {
    config: own,
    schema: { tags: settingsTags, params: ZUser, body: ZNotificationSettingsUpdate, response: { 200: dataOf(ZUserNotificationSettings) } },
  }, async (req) => ({ data: await updateNotificationSettings(ctxOf(req, deps), req.params.userId, req.body) }));

  const reportTags = ['reports'];
  app.post('/reports/orders', { config: readOrders, schema: { tags: reportTags, body: ZOrdersReportRequest.optional(), response: { 202: dataOf(ZReportStarted) } } },
    async (req, reply) => reply.status(202).send({ data: await startOrdersReport(ctxOf(req, deps), req.body ?? {}) }));
  app.get('/reports/:id/file', { config: readOrders, schema: { tags: reportTags, params: ZId, description: 'The CSV of a finished report.', response: { 200: ZFileBody } } },
    async (req, reply) => {
      const file = await openReportFile(ctxOf(req, deps), req.params.id);
      return reply
        .header('content-type', `${file.mimeType}; charset=utf-8`)
        .header('content-length', file.sizeBytes)
        .header('content-disposition', contentDisposition(file.fileName).replace(/^inline/, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(file.handle.createReadStream());
    });
}

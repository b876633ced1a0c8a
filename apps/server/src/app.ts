import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { contractSerializer, enforceResponseContract, recordResponseContract } from './platform/http/response-contract';
import { ZCaughtMailList, dataOf } from '@omnio/domain';
import type { Runtime } from './platform/bootstrap';
import { registerErrorHandler } from './platform/http/error-handler';
import { requireSignIn } from './platform/http/request-context';
import { refuseNulCharacters } from './platform/http/text-guard';
import { registerOauthRoutes } from './modules/auth/oauth.routes';
import { registerPublicAuthRoutes, registerSignedInAuthRoutes } from './modules/auth/auth.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { registerCompanyRoutes } from './modules/companies/companies.routes';
import { registerIlocRoutes } from './modules/ilocs/ilocs.routes';
import { registerPreferenceRoutes } from './modules/preferences/preferences.routes';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes';
import { registerInventoryRoutes } from './modules/inventory/inventory.routes';
import { registerMediableRoutes } from './modules/mediables/mediables.routes';
import { registerCustomerRoutes } from './modules/customers/customers.routes';
import { registerOrderRoutes } from './modules/orders/orders.routes';
import { registerShipmentRoutes } from './modules/shipments/shipments.routes';
import { registerReturnRoutes } from './modules/returns/returns.routes';
import { registerJobRoutes } from './modules/jobs/jobs.routes';
import { registerSupplierRoutes } from './modules/suppliers/suppliers.routes';
import { registerPackingTemplateRoutes } from './modules/packing-templates/packing-templates.routes';
import { registerMailSettingRoutes } from './modules/mail-settings/mail-settings.routes';
import { registerPurchaseOrderRoutes } from './modules/purchase-orders/purchase-orders.routes';
import { registerTransferRoutes } from './modules/transfers/transfers.routes';
import { registerSupplyShipmentRoutes } from './modules/supply-shipments/supply-shipments.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerActivityRoutes } from './modules/activity/activity.routes';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { registerAccessTokenRoutes } from './modules/access-tokens/access-tokens.routes';
import { registerProcessRoutes } from './modules/processes/processes.routes';
import { registerInboundWebhookRoutes } from './modules/processes/inbound-webhooks.routes';
import { registerScheduleRoutes } from './modules/schedules/schedules.routes';
import { registerBroadcastingRoutes } from './platform/realtime/realtime.routes';
import { attachRealtime } from './platform/realtime/realtime-server';
import { registerGracefulClose } from './platform/http/graceful-close';
import { registerHealthRoutes } from './platform/http/health';
import { fastifyRateLimitStore } from './platform/http/rate-limits';
import { registerMetrics } from './platform/http/metrics';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { registerStripeWebhookRoutes } from './modules/billing/billing-webhook.routes';
import { registerWarehouseRoutes } from './modules/warehouses/warehouses.routes';
import { registerServiceRoutes } from './modules/services/services.routes';
import { registerAppServiceRoutes } from './modules/services/app-services.routes';
import { registerTemplateRoutes } from './modules/templates/templates.routes';
import { registerEdiRoutes } from './modules/edi/edi.routes';
import { registerMapperRoutes } from './modules/mappers/mappers.routes';
import { registerRuleRoutes } from './modules/rules/rules.routes';
import { registerForecastingRoutes } from './modules/forecasting/forecasting.routes';
import { registerPlatformSettingRoutes } from './modules/platform-settings/platform-settings.routes';
import { registerPublicSettingRoutes } from './modules/platform-settings/public-settings.routes';
import { scriptSrcValue } from './modules/platform-settings/snippet-origins';
import { registerOwnerDashboardRoutes } from './modules/owner-dashboard/owner-dashboard.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerSearchRoutes } from './modules/search/search.routes';
import { registerAllJobKinds } from './job-kinds';
import { registerChannelPublicRoutes, registerChannelRoutes } from './modules/channels/channels.routes';

/**
 * The whole server in one place: platform plugins, then every module, explicitly. Reading this file
 * tells what the API serves.
 */
export async function buildApp(runtime: Runtime): Promise<FastifyInstance> {
  const { config } = runtime;
  const app = Fastify({
    loggerInstance: runtime.log,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    ajv: { customOptions: { coerceTypes: false } },
    // Every answer carries X-Request-Id and every log line of the request its reqId: a proxy's id is kept
    // when it looks like one, otherwise a new UUID.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  recordResponseContract(app);
  enforceResponseContract(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializer(runtime.log, config.env !== 'production'));
  registerErrorHandler(app);
  refuseNulCharacters(app);
  registerGracefulClose(app);
  registerMetrics(app, runtime);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'self' plus the origins of the owner's enabled cdn code snippets (kept in memory by platform-settings).
        scriptSrc: [() => scriptSrcValue(runtime, runtime.log)],
        // MUI/emotion inject style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        // Plain-HTTP installs (an intranet host) must still load their own assets.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: true,
    store: fastifyRateLimitStore(runtime.rateLimiter),
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s` }),
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Omnio API', version: '1.0.0', description: 'Multi-channel orders, inventory and supply chain.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerHealthRoutes(app, runtime);
  registerOauthRoutes(app, runtime);
  registerPublicAuthRoutes(app, runtime);
  registerAllJobKinds();
  await attachRealtime(app, runtime);
  // Public: a channel's server proves itself with the process's secret, not a user's token.
  await app.register(async (hooks) => registerInboundWebhookRoutes(hooks, runtime), { prefix: '/api/1.0' });
  // Public: Stripe proves itself with the endpoint's signing secret (raw body).
  await app.register(async (hooks) => registerStripeWebhookRoutes(hooks, runtime));
  // Public: Shopify's install callback is signed by the app's secret and names its state.
  await app.register(async (pub) => registerChannelPublicRoutes(pub, runtime), { prefix: '/api/1.0' });
  // Public: the sign-in page's look and the owner's code snippets are needed before anyone signs in.
  await app.register(async (pub) => registerPublicSettingRoutes(pub, runtime));
  if (runtime.smtpSink && config.env !== 'production') {
    // The built-in sink holds every mail the server sent, password-reset and invitation links among them:
    // only the platform owner reads it, signed in (a server started without NODE_ENV is not production).
    const sink = runtime.smtpSink;
    await app.register(async (dev) => {
      requireSignIn(dev, runtime);
      dev.get('/api/dev/mail', { config: { access: { roles: ['owner'] } }, schema: { tags: ['platform'], hide: true, response: { 200: dataOf(ZCaughtMailList) } } },
        async () => ({ data: sink.messages() }));
    });
  }

  await app.register(
    async (api) => {
      requireSignIn(api, runtime);
      registerUserRoutes(api, runtime);
      registerSignedInAuthRoutes(api, runtime);
      registerPreferenceRoutes(api, runtime);
      registerCompanyRoutes(api, runtime);
      registerIlocRoutes(api, runtime);
      registerCatalogRoutes(api, runtime);
      registerInventoryRoutes(api, runtime);
      registerMediableRoutes(api, runtime);
      registerCustomerRoutes(api, runtime);
      registerOrderRoutes(api, runtime);
      registerShipmentRoutes(api, runtime);
      registerReturnRoutes(api, runtime);
      registerJobRoutes(api, runtime);
      registerSupplierRoutes(api, runtime);
      registerPackingTemplateRoutes(api, runtime);
      registerMailSettingRoutes(api, runtime);
      registerPurchaseOrderRoutes(api, runtime);
      registerTransferRoutes(api, runtime);
      registerSupplyShipmentRoutes(api, runtime);
      registerNotificationRoutes(api, runtime);
      registerActivityRoutes(api, runtime);
      registerWebhookRoutes(api, runtime);
      registerAccessTokenRoutes(api, runtime);
      registerProcessRoutes(api, runtime);
      registerChannelRoutes(api, runtime);
      registerEdiRoutes(api, runtime);
      registerScheduleRoutes(api, runtime);
      registerBroadcastingRoutes(api, runtime);
      registerBillingRoutes(api, runtime);
      registerWarehouseRoutes(api, runtime);
      registerServiceRoutes(api, runtime);
      registerAppServiceRoutes(api, runtime);
      registerTemplateRoutes(api, runtime);
      registerMapperRoutes(api, runtime);
      registerRuleRoutes(api, runtime);
      registerForecastingRoutes(api, runtime);
      registerPlatformSettingRoutes(api, runtime);
      registerOwnerDashboardRoutes(api, runtime);
      registerDashboardRoutes(api, runtime);
      registerSearchRoutes(api, runtime);
    },
    { prefix: '/api/1.0' },
  );

  await registerWebApp(app, config.webDist);
  return app;
}

/** Serves the built web app; any other GET outside the API is a client route (history mode). */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: true, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url.startsWith('/api') || url.startsWith('/oauth');
    // A missing asset (/assets/x.js) is a 404, not the app page: the browser would report a bad module instead.
    const isFile = /\.[a-z0-9]+$/i.test(url);
    if (!isApi && !isFile && request.method === 'GET' && hasWeb) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
    }
    return reply.status(404).send({ message: isApi ? 'Not found' : 'Not found (the web app is not built: npm run build --workspace @omnio/web)' });
  });
}

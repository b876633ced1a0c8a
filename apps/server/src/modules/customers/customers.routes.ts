import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCustomerAddressCreate, ZCustomerAddressUpdate, ZCustomerContactCreate, ZCustomerContactUpdate, ZCustomerCreate, ZCustomerUpdate, ZGroupCreate,
  ZGroupUpdate, ZListQuery,
} from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import * as parts from './customer-parts.service';
import { getCustomer, listCustomers } from './customers.read';
import * as customers from './customers.service';
import * as groups from './groups.service';

/** Customers work in the token's active company, for the tenant role only (owners administer, suppliers never see them). */
const ctxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
const access = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });

const ZIdParam = z.object({ id: z.string().max(64) });
const ZPartParam = z.object({ id: z.string().max(64), partId: z.string().max(64) });

/** Customers, their addresses and contacts (spec 6 `*-organization`), and groups (`*-group`): docs/api-orders.md. */
export function registerCustomerRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const perm = { read: 'read-organization', create: 'create-organization', update: 'update-organization', delete: 'delete-organization' };

  app.get('/customers', { config: access(perm.read), schema: { tags, querystring: ZListQuery } }, async (req) => listCustomers(ctxOf(req, deps), req.query));
  app.post('/customers', { config: access(perm.create), schema: { tags, body: ZCustomerCreate } },
    async (req, reply) => reply.status(201).send({ data: await customers.createCustomer(ctxOf(req, deps), req.body) }));
  app.get('/customers/:id', { config: access(perm.read), schema: { tags, params: ZIdParam } },
    async (req) => ({ data: await getCustomer(ctxOf(req, deps), req.params.id) }));
  app.put('/customers/:id', { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZCustomerUpdate } },
    async (req) => ({ data: await customers.updateCustomer(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/customers/:id', { config: access(perm.delete), schema: { tags, params: ZIdParam } },
    async (req, reply) => reply.status(204).send(await customers.deleteCustomer(ctxOf(req, deps), req.params.id)));

  // Addresses and contacts are part of the customer: reading needs read-, changing them update-organization.
  const address = '/customers/:id/addresses';
  app.get(address, { config: access(perm.read), schema: { tags, params: ZIdParam, querystring: ZListQuery } },
    async (req) => parts.listAddresses(ctxOf(req, deps), req.params.id, req.query));
  app.post(address, { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZCustomerAddressCreate } },
    async (req, reply) => reply.status(201).send({ data: await parts.createAddress(ctxOf(req, deps), req.params.id, req.body) }));
  app.get(`${address}/:partId`, { config: access(perm.read), schema: { tags, params: ZPartParam } },
    async (req) => ({ data: await parts.getAddress(ctxOf(req, deps), req.params.id, req.params.partId) }));
  app.put(`${address}/:partId`, { config: access(perm.update), schema: { tags, params: ZPartParam, body: ZCustomerAddressUpdate } },
    async (req) => ({ data: await parts.updateAddress(ctxOf(req, deps), req.params.id, req.params.partId, req.body) }));
  app.delete(`${address}/:partId`, { config: access(perm.update), schema: { tags, params: ZPartParam } },
    async (req, reply) => reply.status(204).send(await parts.deleteAddress(ctxOf(req, deps), req.params.id, req.params.partId)));

  const contact = '/customers/:id/contacts';
  app.get(contact, { config: access(perm.read), schema: { tags, params: ZIdParam, querystring: ZListQuery } },
    async (req) => parts.listContacts(ctxOf(req, deps), req.params.id, req.query));
  app.post(contact, { config: access(perm.update), schema: { tags, params: ZIdParam, body: ZCustomerContactCreate } },
    async (req, reply) => reply.status(201).send({ data: await parts.createContact(ctxOf(req, deps), req.params.id, req.body) }));
  app.get(`${contact}/:partId`, { config: access(perm.read), schema: { tags, params: ZPartParam } },
    async (req) => ({ data: await parts.getContact(ctxOf(req, deps), req.params.id, req.params.partId) }));
  app.put(`${contact}/:partId`, { config: access(perm.update), schema: { tags, params: ZPartParam, body: ZCustomerContactUpdate } },
    async (req) => ({ data: await parts.updateContact(ctxOf(req, deps), req.params.id, req.params.partId, req.body) }));
  app.delete(`${contact}/:partId`, { config: access(perm.update), schema: { tags, params: ZPartParam } },
    async (req, reply) => reply.status(204).send(await parts.deleteContact(ctxOf(req, deps), req.params.id, req.params.partId)));

  const group = { read: 'read-group', create: 'create-group', update: 'update-group', delete: 'delete-group' };
  const groupTags = ['groups'];
  app.get('/groups', { config: access(group.read), schema: { tags: groupTags, querystring: ZListQuery } }, async (req) => groups.listGroups(ctxOf(req, deps), req.query));
  app.post('/groups', { config: access(group.create), schema: { tags: groupTags, body: ZGroupCreate } },
    async (req, reply) => reply.status(201).send({ data: await groups.createGroup(ctxOf(req, deps), req.body) }));
  app.get('/groups/:id', { config: access(group.read), schema: { tags: groupTags, params: ZIdParam } },
    async (req) => ({ data: await groups.getGroup(ctxOf(req, deps), req.params.id) }));
  app.put('/groups/:id', { config: access(group.update), schema: { tags: groupTags, params: ZIdParam, body: ZGroupUpdate } },
    async (req) => ({ data: await groups.updateGroup(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/groups/:id', { config: access(group.delete), schema: { tags: groupTags, params: ZIdParam } },
    async (req, reply) => reply.status(204).send(await groups.deleteGroup(ctxOf(req, deps), req.params.id)));
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataOf, pageOf, ZCustomer, ZCustomerAddress, ZCustomerAddressCreate, ZCustomerAddressUpdate, ZCustomerContact, ZCustomerContactCreate, ZCustomerContactUpdate,
  ZCustomerCreate, ZCustomerSummary, ZCustomerUpdate, ZGroup, ZGroupCreate, ZGroupUpdate, ZListQuery, ZNoContent,
} from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { partyAccess as access, partyCtxOf as ctxOf, registerPartyRoutes, ZIdParam } from '../parties/party.routes';
import { CUSTOMER_PARTY } from './customer-party';
import { getCustomer, listCustomers } from './customers.read';
import * as customers from './customers.service';
import * as groups from './groups.service';

/**
 * Customers, their addresses and contacts (spec 6 `*-organization`), and groups (`*-group`): docs/api-orders.md.
 * They work in the token's active company, for the tenant role only (owners administer, suppliers never see them).
 */
export function registerCustomerRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const perm = { read: 'read-organization', create: 'create-organization', update: 'update-organization', delete: 'delete-organization' };

  registerPartyRoutes(scope, deps, {
    party: CUSTOMER_PARTY, base: '/customers', tags, perm,
    service: { list: listCustomers, get: getCustomer, create: customers.createCustomer, update: customers.updateCustomer, remove: customers.deleteCustomer },
    bodies: {
      create: ZCustomerCreate, update: ZCustomerUpdate,
      addressCreate: ZCustomerAddressCreate, addressUpdate: ZCustomerAddressUpdate, contactCreate: ZCustomerContactCreate, contactUpdate: ZCustomerContactUpdate,
    },
    answers: { summary: ZCustomerSummary, detail: ZCustomer, address: ZCustomerAddress, contact: ZCustomerContact },
  });

  const group = { read: 'read-group', create: 'create-group', update: 'update-group', delete: 'delete-group' };
  const groupTags = ['groups'];
  app.get('/groups', { config: access(group.read), schema: { tags: groupTags, querystring: ZListQuery, response: { 200: pageOf(ZGroup) } } }, async (req) => groups.listGroups(ctxOf(req, deps), req.query));
  app.post('/groups', { config: access(group.create), schema: { tags: groupTags, body: ZGroupCreate, response: { 201: dataOf(ZGroup) } } },
    async (req, reply) => reply.status(201).send({ data: await groups.createGroup(ctxOf(req, deps), req.body) }));
  app.get('/groups/:id', { config: access(group.read), schema: { tags: groupTags, params: ZIdParam, response: { 200: dataOf(ZGroup) } } },
    async (req) => ({ data: await groups.getGroup(ctxOf(req, deps), req.params.id) }));
  app.put('/groups/:id', { config: access(group.update), schema: { tags: groupTags, params: ZIdParam, body: ZGroupUpdate, response: { 200: dataOf(ZGroup) } } },
    async (req) => ({ data: await groups.updateGroup(ctxOf(req, deps), req.params.id, req.body) }));
  app.delete('/groups/:id', { config: access(group.delete), schema: { tags: groupTags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await groups.deleteGroup(ctxOf(req, deps), req.params.id)));
}

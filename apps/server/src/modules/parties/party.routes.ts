import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, pageOf, ZListQuery, ZNoContent, type Paginated, type TListQuery } from '@omnio/domain';
import type { AppDeps, TenantCtx } from '../../platform/http/context';
import { activeTenantCtx, type RouteAccess } from '../../platform/http/permissions';
import { authedCtx } from '../../platform/http/request-context';
import type { AddressChange, ContactFields, NewAddress, NewContact } from './party-lists.service';
import * as parts from './party-parts.service';
import type { Party } from './party-rules';

/** Customers and suppliers work in the token's active company, for the tenant role only (owners administer). */
export const partyCtxOf = (req: FastifyRequest, deps: AppDeps): TenantCtx => activeTenantCtx(authedCtx(req, deps));
export const partyAccess = (permission: string): { access: RouteAccess } => ({ access: { roles: ['tenant'], permission } });

export const ZIdParam = z.object({ id: z.string().max(64) });
const ZPartParam = z.object({ id: z.string().max(64), partId: z.string().max(64) });

/** What a party's routes serve: its own service, bodies and answers; the addresses and contacts are shared. */
export interface PartyRoutes<K extends string, C, U> {
  party: Party<K>;
  /** '/customers' */
  base: string;
  tags: string[];
  /** Addresses and contacts are part of the party: reading them needs its read permission, changing them its update permission. */
  perm: { read: string; create: string; update: string; delete: string };
  service: {
    list(ctx: TenantCtx, query: TListQuery): Promise<Paginated<unknown>>;
    get(ctx: TenantCtx, id: string): Promise<unknown>;
    create(ctx: TenantCtx, input: C): Promise<unknown>;
    update(ctx: TenantCtx, id: string, input: U): Promise<unknown>;
    remove(ctx: TenantCtx, id: string): Promise<void>;
  };
  bodies: {
    create: z.ZodType<C>;
    update: z.ZodType<U>;
    addressCreate: z.ZodType<NewAddress<K>>;
    addressUpdate: z.ZodType<AddressChange<K>>;
    contactCreate: z.ZodType<NewContact>;
    contactUpdate: z.ZodType<ContactFields>;
  };
  answers: { summary: z.ZodType; detail: z.ZodType; address: z.ZodType; contact: z.ZodType };
}

/** /{base} and /{base}/{id}, then /{base}/{id}/addresses and /contacts: the party's addresses and contacts as their own resources. */
export function registerPartyRoutes<K extends string, C, U>(scope: FastifyInstance, deps: AppDeps, spec: PartyRoutes<K, C, U>): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { party, tags, perm, service, bodies, answers } = spec;
  const ctxOf = (req: FastifyRequest) => partyCtxOf(req, deps);
  const read = partyAccess(perm.read);
  const update = partyAccess(perm.update);

  const one = `${spec.base}/:id`;
  app.get(spec.base, { config: read, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(answers.summary) } } },
    async (req) => service.list(ctxOf(req), req.query));
  app.post(spec.base, { config: partyAccess(perm.create), schema: { tags, body: bodies.create, response: { 201: dataOf(answers.detail) } } },
    async (req, reply) => reply.status(201).send({ data: await service.create(ctxOf(req), req.body as C) }));
  app.get(one, { config: read, schema: { tags, params: ZIdParam, response: { 200: dataOf(answers.detail) } } },
    async (req) => ({ data: await service.get(ctxOf(req), req.params.id) }));
  app.put(one, { config: update, schema: { tags, params: ZIdParam, body: bodies.update, response: { 200: dataOf(answers.detail) } } },
    async (req) => ({ data: await service.update(ctxOf(req), req.params.id, req.body as U) }));
  app.delete(one, { config: partyAccess(perm.delete), schema: { tags, params: ZIdParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await service.remove(ctxOf(req), req.params.id)));

  const address = `${spec.base}/:id/addresses`;
  app.get(address, { config: read, schema: { tags, params: ZIdParam, querystring: ZListQuery, response: { 200: pageOf(answers.address) } } },
    async (req) => parts.listAddresses(ctxOf(req), party, req.params.id, req.query));
  app.post(address, { config: update, schema: { tags, params: ZIdParam, body: bodies.addressCreate, response: { 201: dataOf(answers.address) } } },
    async (req, reply) => reply.status(201).send({ data: await parts.createAddress(ctxOf(req), party, req.params.id, req.body) }));
  app.get(`${address}/:partId`, { config: read, schema: { tags, params: ZPartParam, response: { 200: dataOf(answers.address) } } },
    async (req) => ({ data: await parts.getAddress(ctxOf(req), party, req.params.id, req.params.partId) }));
  app.put(`${address}/:partId`, { config: update, schema: { tags, params: ZPartParam, body: bodies.addressUpdate, response: { 200: dataOf(answers.address) } } },
    async (req) => ({ data: await parts.updateAddress(ctxOf(req), party, req.params.id, req.params.partId, req.body) }));
  app.delete(`${address}/:partId`, { config: update, schema: { tags, params: ZPartParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await parts.deleteAddress(ctxOf(req), party, req.params.id, req.params.partId)));

  const contact = `${spec.base}/:id/contacts`;
  app.get(contact, { config: read, schema: { tags, params: ZIdParam, querystring: ZListQuery, response: { 200: pageOf(answers.contact) } } },
    async (req) => parts.listContacts(ctxOf(req), party, req.params.id, req.query));
  app.post(contact, { config: update, schema: { tags, params: ZIdParam, body: bodies.contactCreate, response: { 201: dataOf(answers.contact) } } },
    async (req, reply) => reply.status(201).send({ data: await parts.createContact(ctxOf(req), party, req.params.id, req.body) }));
  app.get(`${contact}/:partId`, { config: read, schema: { tags, params: ZPartParam, response: { 200: dataOf(answers.contact) } } },
    async (req) => ({ data: await parts.getContact(ctxOf(req), party, req.params.id, req.params.partId) }));
  app.put(`${contact}/:partId`, { config: update, schema: { tags, params: ZPartParam, body: bodies.contactUpdate, response: { 200: dataOf(answers.contact) } } },
    async (req) => ({ data: await parts.updateContact(ctxOf(req), party, req.params.id, req.params.partId, req.body) }));
  app.delete(`${contact}/:partId`, { config: update, schema: { tags, params: ZPartParam, response: { 204: ZNoContent } } },
    async (req, reply) => reply.status(204).send(await parts.deleteContact(ctxOf(req), party, req.params.id, req.params.partId)));
}

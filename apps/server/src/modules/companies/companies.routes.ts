import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompany, ZCompanyCreate, ZCompanyMembership, ZCompanyProfileUpdate, ZCompanyUpdate, ZListQuery, ZNoContent, dataOf, pageOf } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { createCompany, deleteCompany, getCompany, getOwnCompany, listCompanies, updateCompany, updateOwnCompany } from './companies.service';
import { addCompanyMember, removeCompanyMember } from './company-members.service';

const owner = ['owner'] as const;
const tenant = ['tenant'] as const;
const ZIdParams = z.object({ id: z.string().max(64) });

export function registerCompanyRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];
  app.get('/companies', { config: { access: { roles: owner, permission: 'read-company' } }, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZCompany) } } },
    async (req) => listCompanies(authedCtx(req, deps), req.query));
  app.post('/companies', { config: { access: { roles: owner, permission: 'create-company' } }, schema: { tags, body: ZCompanyCreate, response: { 201: dataOf(ZCompany) } } },
    async (req, reply) => reply.status(201).send({ data: await createCompany(authedCtx(req, deps), req.body) }));
  // The signed-in tenant user's own company (/tenant_company); its id comes from the session, never the path.
  app.get('/company', { config: { access: { roles: tenant, permission: 'read-company' } }, schema: { tags, response: { 200: dataOf(ZCompany) } } },
    async (req) => ({ data: await getOwnCompany(authedCtx(req, deps)) }));
  app.put('/company', { config: { access: { roles: tenant, permission: 'update-company' } }, schema: { tags, body: ZCompanyProfileUpdate, response: { 200: dataOf(ZCompany) } } },
    async (req) => ({ data: await updateOwnCompany(authedCtx(req, deps), req.body) }));
  app.get('/companies/:id', { config: { access: { roles: owner, permission: 'read-company' } }, schema: { tags, params: ZIdParams, response: { 200: dataOf(ZCompany) } } },
    async (req) => ({ data: await getCompany(authedCtx(req, deps), req.params.id) }));
  app.put('/companies/:id', { config: { access: { roles: owner, permission: 'update-company' } }, schema: { tags, params: ZIdParams, body: ZCompanyUpdate, response: { 200: dataOf(ZCompany) } } },
    async (req) => ({ data: await updateCompany(authedCtx(req, deps), req.params.id, req.body) }));
  app.delete('/companies/:id', { config: { access: { roles: owner, permission: 'delete-company' } }, schema: { tags, params: ZIdParams, response: { 204: ZNoContent } } },
    async (req, reply) => {
      await deleteCompany(authedCtx(req, deps), req.params.id);
      return reply.status(204).send();
    });
  app.post('/companies/:id/users', {
    config: { access: { roles: owner, permission: 'update-company' } },
    schema: { tags, params: ZIdParams, body: z.object({ user_id: z.string().max(64) }).strict(), response: { 201: dataOf(ZCompanyMembership) } },
  }, async (req, reply) => reply.status(201).send({ data: await addCompanyMember(authedCtx(req, deps), req.params.id, req.body.user_id) }));
  app.delete('/companies/:id/users/:userId', {
    config: { access: { roles: owner, permission: 'update-company' } },
    schema: { tags, params: ZIdParams.extend({ userId: z.string().max(64) }), response: { 204: ZNoContent } },
  }, async (req, reply) => {
    await removeCompanyMember(authedCtx(req, deps), req.params.id, req.params.userId);
    return reply.status(204).send();
  });
}

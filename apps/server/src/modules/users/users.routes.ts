import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS, ROLES, ZActiveCompany, ZAssignPermissions, ZAssignRoles, ZListQuery, ZUserCreate, ZUserUpdate } from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { assertId } from '../../platform/http/errors';
import { getUserInformation } from './user-information.service';
import {
  assignPermissions, assignRoles, createUser, getRolePermissions, listCompanyUsers, listUsers, setUserDisabled, updateUser,
} from './users.service';
import { listMyCompanies, loginByAdmin, logout, setActiveCompany } from '../auth/session.service';

const owner = ['owner'] as const;
const ZIdParams = z.object({ id: z.string().max(64) });
const ZInclude = z.object({ include: z.string().max(200).optional() });

export function registerUserRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get('/users/information', { schema: { tags, querystring: ZInclude } }, async (req) => {
    const ctx = authedCtx(req, deps);
    const { userId, companyId } = ctx.principal;
    return { data: await getUserInformation(ctx, { userId, companyId, include: req.query.include, principal: ctx.principal }) };
  });
  app.put('/users/:id', { schema: { tags, params: ZIdParams, body: ZUserUpdate } },
    async (req) => ({ data: await updateUser(authedCtx(req, deps), req.params.id, req.body) }));

  app.get('/users', { config: { access: { roles: owner, permission: 'read-user' } }, schema: { tags, querystring: ZListQuery } },
    async (req) => listUsers(authedCtx(req, deps), req.query));
  app.post('/users', { config: { access: { roles: owner, permission: 'create-user' } }, schema: { tags, body: ZUserCreate } },
    async (req, reply) => reply.status(201).send({ data: await createUser(authedCtx(req, deps), req.body) }));
  app.get('/users/:id/information', { config: { access: { roles: owner, permission: 'read-user' } }, schema: { tags, params: ZIdParams, querystring: ZInclude } },
    async (req) => {
      const ctx = authedCtx(req, deps);
      return { data: await getUserInformation(ctx, { userId: assertId(req.params.id, 'User'), companyId: null, include: req.query.include }) };
    });
  app.post('/users/:id/assign-roles', { config: { access: { roles: owner, permission: 'update-user' } }, schema: { tags, params: ZIdParams, body: ZAssignRoles } },
    async (req) => ({ data: await assignRoles(authedCtx(req, deps), req.params.id, req.body.roles) }));
  app.post('/users/:id/assign-permissions', { config: { access: { roles: owner, permission: 'assign-permissions' } }, schema: { tags, params: ZIdParams, body: ZAssignPermissions } },
    async (req, reply) => reply.status(201).send({ data: await assignPermissions(authedCtx(req, deps), req.params.id, req.body.permissions) }));
  app.post('/users/:id/disable', { config: { access: { roles: owner, permission: 'update-user' } }, schema: { tags, params: ZIdParams } },
    async (req) => ({ data: await setUserDisabled(authedCtx(req, deps), req.params.id, true) }));
  app.post('/users/:id/enable', { config: { access: { roles: owner, permission: 'update-user' } }, schema: { tags, params: ZIdParams } },
    async (req) => ({ data: await setUserDisabled(authedCtx(req, deps), req.params.id, false) }));
  app.post('/users/:id/login-by-admin', { config: { access: { roles: owner, permission: 'login-as-user' } }, schema: { tags, params: ZIdParams } },
    async (req) => ({ data: await loginByAdmin(authedCtx(req, deps), req.params.id) }));

  app.get('/company-users', { config: { access: { roles: ['tenant'], permission: 'read-users-company' } }, schema: { tags, querystring: ZListQuery } },
    async (req) => listCompanyUsers(activeTenantCtx(authedCtx(req, deps)), req.query));

  app.get('/permissions', { schema: { tags } }, async () => ({ data: PERMISSIONS }));
  app.get('/roles/:role', { config: { access: { permission: 'read-user' } }, schema: { tags, params: z.object({ role: z.enum(ROLES) }), querystring: ZInclude } },
    async (req) => ({ data: await getRolePermissions(authedCtx(req, deps), req.params.role) }));

  app.get('/session/companies', { schema: { tags: ['session'] } }, async (req) => ({ data: await listMyCompanies(authedCtx(req, deps)) }));
  app.post('/session/active-company', { schema: { tags: ['session'], body: ZActiveCompany } },
    async (req) => ({ data: await setActiveCompany(authedCtx(req, deps), req.body.company_id) }));
  app.post('/logout', { schema: { tags: ['session'], body: z.object({ refresh_token: z.string().max(512).optional() }).strict().optional() } },
    async (req, reply) => {
      await logout(authedCtx(req, deps), req.body?.refresh_token);
      return reply.status(204).send();
    });
}

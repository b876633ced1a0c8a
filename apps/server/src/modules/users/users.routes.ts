import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSIONS, ROLES, ZAssignedPermissions, ZAssignPermissions, ZAssignRoles, ZListQuery, ZPermissionDef, ZRolePermissions, ZUserCreate,
  ZUserInformation, ZUserSummary, ZUserUpdate, dataOf, pageOf,
} from '@omnio/domain';
import type { AppDeps } from '../../platform/http/context';
import { authedCtx } from '../../platform/http/request-context';
import { activeTenantCtx } from '../../platform/http/permissions';
import { assertId } from '../../platform/http/errors';
import { getUserInformation } from './user-information.service';
import {
  assignPermissions, assignRoles, createUser, getRolePermissions, listCompanyUsers, listUsers, setUserDisabled, updateUser,
} from './users.service';

const owner = ['owner'] as const;
const ZIdParams = z.object({ id: z.string().max(64) });
const ZInclude = z.object({ include: z.string().max(200).optional() });

export function registerUserRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get('/users/information', { schema: { tags, querystring: ZInclude, response: { 200: dataOf(ZUserInformation) } } }, async (req) => {
    const ctx = authedCtx(req, deps);
    const { userId, companyId } = ctx.principal;
    return { data: await getUserInformation(ctx, { userId, companyId, include: req.query.include, principal: ctx.principal }) };
  });
  app.put('/users/:id', { schema: { tags, params: ZIdParams, body: ZUserUpdate, response: { 200: dataOf(ZUserSummary) } } },
    async (req) => ({ data: await updateUser(authedCtx(req, deps), req.params.id, req.body) }));

  app.get('/users', { config: { access: { roles: owner, permission: 'read-user' } }, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZUserSummary) } } },
    async (req) => listUsers(authedCtx(req, deps), req.query));
  app.post('/users', { config: { access: { roles: owner, permission: 'create-user' } }, schema: { tags, body: ZUserCreate, response: { 201: dataOf(ZUserSummary) } } },
    async (req, reply) => reply.status(201).send({ data: await createUser(authedCtx(req, deps), req.body) }));
  app.get('/users/:id/information', { config: { access: { roles: owner, permission: 'read-user' } }, schema: { tags, params: ZIdParams, querystring: ZInclude, response: { 200: dataOf(ZUserInformation) } } },
    async (req) => {
      const ctx = authedCtx(req, deps);
      return { data: await getUserInformation(ctx, { userId: assertId(req.params.id, 'User'), companyId: null, include: req.query.include }) };
    });
  app.post('/users/:id/assign-roles', { config: { access: { roles: owner, permission: 'update-user' } }, schema: { tags, params: ZIdParams, body: ZAssignRoles, response: { 200: dataOf(ZUserSummary) } } },
    async (req) => ({ data: await assignRoles(authedCtx(req, deps), req.params.id, req.body.roles) }));
  app.post('/users/:id/assign-permissions', { config: { access: { roles: owner, permission: 'assign-permissions' } }, schema: { tags, params: ZIdParams, body: ZAssignPermissions, response: { 201: dataOf(ZAssignedPermissions) } } },
    async (req, reply) => reply.status(201).send({ data: await assignPermissions(authedCtx(req, deps), req.params.id, req.body.permissions) }));
  app.post('/users/:id/disable', { config: { access: { roles: owner, permission: 'update-user' } }, schema: { tags, params: ZIdParams, response: { 200: dataOf(ZUserSummary) } } },
    async (req) => ({ data: await setUserDisabled(authedCtx(req, deps), req.params.id, true) }));
  app.post('/users/:id/enable', { config: { access: { roles: owner, permission: 'update-user' } }, schema: { tags, params: ZIdParams, response: { 200: dataOf(ZUserSummary) } } },
    async (req) => ({ data: await setUserDisabled(authedCtx(req, deps), req.params.id, false) }));

  app.get('/company-users', { config: { access: { roles: ['tenant'], permission: 'read-users-company' } }, schema: { tags, querystring: ZListQuery, response: { 200: pageOf(ZUserSummary) } } },
    async (req) => listCompanyUsers(activeTenantCtx(authedCtx(req, deps)), req.query));

  app.get('/permissions', { schema: { tags, response: { 200: dataOf(z.array(ZPermissionDef)) } } }, async () => ({ data: [...PERMISSIONS] }));
  app.get('/roles/:role', { config: { access: { permission: 'read-user' } }, schema: { tags, params: z.object({ role: z.enum(ROLES) }), querystring: ZInclude, response: { 200: dataOf(ZRolePermissions) } } },
    async (req) => ({ data: await getRolePermissions(authedCtx(req, deps), req.params.role) }));
}

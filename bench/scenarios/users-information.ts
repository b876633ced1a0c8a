import type { Scenario } from '../lib/types';

const INCLUDE = 'permissions,roles,company,preferences';

/**
 * The profile every page start loads: bearer-token authentication (one query) plus the user's roles,
 * permissions, company and preferences (one query). Target from the bench issue: ≥ 3,000 req/s with
 * p99 < 25 ms on 2 cores.
 */
export const usersInformation: Scenario = {
  name: 'users-information',
  description: `authenticated GET /api/1.0/users/information?include=${INCLUDE} as tenant@acme.test`,
  target: { minRequestsPerSecond: 3000, maxP99Ms: 25 },
  async prepare(ctx) {
    const token = await ctx.signIn('tenant@acme.test', 'Omnio#Tenant1');
    return {
      method: 'GET',
      path: `/api/1.0/users/information?include=${INCLUDE}`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      expectStatus: 200,
      check(body) {
        const data = (body as { data?: Record<string, unknown> }).data;
        if (!data) return 'no data object';
        if (data.email !== 'tenant@acme.test') return `email is ${String(data.email)}`;
        if (!Array.isArray(data.roles) || data.roles[0] !== 'tenant') return 'roles[0] is not tenant';
        if (!Array.isArray(data.permissionsFront) || data.permissionsFront.length === 0) return 'permissionsFront is empty';
        if (!data.company || typeof data.company !== 'object') return 'company is missing';
        if (!data.preferences || typeof data.preferences !== 'object') return 'preferences are missing';
        return null;
      },
    };
  },
};

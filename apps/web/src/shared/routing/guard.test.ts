import { describe, expect, it } from 'vitest';
import { defaultPermissionsForRole } from '@omnio/domain';
import { EXEMPT_ROUTES, LOADED_SUBSCRIPTION, guard, homePathFor, landingPath, loginRedirect, type GuardInput, type GuardUser } from './guard';

const owner: GuardUser = { roles: ['owner'], permissionsFront: defaultPermissionsForRole('owner') };
const tenant: GuardUser = { roles: ['tenant'], permissionsFront: defaultPermissionsForRole('tenant') };
const supplier: GuardUser = { roles: ['supplier'], permissionsFront: defaultPermissionsForRole('supplier') };
const noRoles: GuardUser = { roles: [], permissionsFront: [] };

function run(pathname: string, user: GuardUser | null, extra: Partial<GuardInput> = {}) {
  return guard({ pathname, user, hasToken: user !== null, subscription: LOADED_SUBSCRIPTION, ...extra });
}

function target(pathname: string, user: GuardUser | null, extra: Partial<GuardInput> = {}): string {
  const decision = run(pathname, user, extra);
  if (decision.kind === 'allow') return `allow:${decision.route.name}`;
  if (decision.kind === 'redirect') return decision.to;
  return decision.kind;
}

describe('guard: bare roots', () => {
  it('sends a visitor without a token to login', () => {
    expect(target('/', null)).toBe('/session/login');
  });
  it('sends the owner to the admin dashboard and others to /dashboard', () => {
    expect(target('/', owner)).toBe('/admin/dashboard');
    expect(target('/', tenant)).toBe('/dashboard');
    expect(target('/', supplier)).toBe('/dashboard');
  });
  it('uses /dashboard when a token exists but the user is not loaded yet', () => {
    expect(target('/', null, { hasToken: true })).toBe('/dashboard');
  });
  it('sends /admin to /admin/companies for the owner only', () => {
    expect(target('/admin', owner)).toBe('/admin/companies');
    expect(target('/admin', tenant)).toBe('/denied');
  });
});

describe('guard: exempt and public routes', () => {
  it.each([...EXEMPT_ROUTES])('lets anyone reach the exempt route %s', (name) => {
    const paths: Record<string, string> = {
      denied: '/denied',
      'page-404': '/404',
      'validate-intent': '/validate',
      login: '/session/login',
      signup: '/signup',
      'install-integration': '/install-integration',
      'complete-install': '/complete-install',
    };
    expect(target(paths[name] ?? '', null)).toBe(`allow:${name}`);
    expect(target(paths[name] ?? '', tenant)).toBe(`allow:${name}`);
  });
  it('lets signed-out users reach the password screens', () => {
    expect(target('/session/forgot-password', null)).toBe('allow:forgot-password');
    expect(target('/session/reset-password/abc123', null)).toBe('allow:reset-password');
    expect(target('/session/lock-screen', null)).toBe('allow:lock-screen');
  });
});

describe('guard: sign-in required', () => {
  it('clears storage and sends to login with the wanted path', () => {
    expect(run('/orders', null)).toEqual({ kind: 'redirect', to: '/session/login?redirect=/orders', clearStorage: true });
  });
  it('keeps the query string of the wanted path', () => {
    expect(target('/iLocs', null, { search: '?create=true' })).toBe('/session/login?redirect=/iLocs%3Fcreate%3Dtrue');
  });
  it('omits the redirect when the wanted path was /dashboard', () => {
    expect(target('/dashboard', null)).toBe('/session/login');
    expect(loginRedirect('/dashboard')).toBe('/session/login');
  });
  it('requires a user on freeAccess routes too (they live in the signed-in shell)', () => {
    expect(target('/admin/dashboard', null)).toBe('/session/login?redirect=/admin/dashboard');
  });
  it('requires a user (any role) for the company chooser', () => {
    expect(target('/session/companies', null)).toBe('/session/login?redirect=/session/companies');
    expect(target('/session/companies', noRoles)).toBe('allow:session-companies');
  });
});

describe('guard: role and permission', () => {
  it('allows each role its own area', () => {
    expect(target('/admin/companies', owner)).toBe('allow:list-companies');
    expect(target('/orders', tenant)).toBe('allow:orders');
    expect(target('/supplier-purchase-orders', supplier)).toBe('allow:supplier-purchase-orders');
  });
  it('denies a route of another role', () => {
    expect(target('/admin/companies', tenant)).toBe('/denied');
    expect(target('/orders', owner)).toBe('/denied');
    expect(target('/orders', supplier)).toBe('/denied');
    expect(target('/supplier-purchase-orders', tenant)).toBe('/denied');
  });
  it('uses only the first role', () => {
    expect(target('/admin/companies', { roles: ['tenant', 'owner'], permissionsFront: owner.permissionsFront })).toBe('/denied');
  });
  it('denies when the permission is missing from permissionsFront', () => {
    const limited: GuardUser = { roles: ['tenant'], permissionsFront: ['read-order'] };
    expect(target('/orders', limited)).toBe('allow:orders');
    expect(target('/returns', limited)).toBe('/denied');
    expect(target('/dashboard', limited)).toBe('allow:dashboard');
  });
  it('matches parameters and prefers static segments', () => {
    expect(target('/admin/companies/create', owner)).toBe('allow:company-create');
    expect(target('/admin/companies/42/conf', owner)).toBe('allow:company-conf');
    expect(target('/purchase-order/shipments/1/2', tenant)).toBe('allow:po-shipment');
    expect(target('/services/amazon-create/7', tenant)).toBe('allow:amazon-create');
  });
  it('skips role and permission on freeAccess routes', () => {
    expect(target('/admin/dashboard', tenant)).toBe('allow:dashboardAdmin');
    expect(target('/connections', { roles: ['tenant'], permissionsFront: [] })).toBe('allow:connections');
    expect(target('/iLocs', tenant)).toBe('allow:iLocs');
  });
});

describe('guard: subscription', () => {
  it('waits while the subscription loads', () => {
    expect(target('/orders/create', tenant, { subscription: { loaded: false, present: false } })).toBe('wait');
  });
  it('sends to billing with rp=true when there is none', () => {
    expect(target('/orders/create', tenant, { subscription: { loaded: true, present: false } })).toBe('/billing?rp=true');
  });
  it('allows when present, and ignores it on routes that do not need it', () => {
    expect(target('/orders/create', tenant)).toBe('allow:order-create');
    expect(target('/orders', tenant, { subscription: { loaded: true, present: false } })).toBe('allow:orders');
    expect(target('/billing', tenant, { subscription: { loaded: true, present: false } })).toBe('allow:billing');
  });
  it('denies before it looks at the subscription', () => {
    expect(target('/orders/create', owner, { subscription: { loaded: false, present: false } })).toBe('/denied');
  });
});

describe('guard: unmatched', () => {
  it('answers not-found for unknown paths', () => {
    expect(target('/no/such/page', tenant)).toBe('not-found');
    expect(target('/no/such/page', null)).toBe('not-found');
  });
});

describe('landingPath', () => {
  it('sends the owner to dashboardAdmin', () => {
    expect(landingPath({ user: owner })).toEqual({ kind: 'go', to: '/admin/dashboard' });
    expect(landingPath({ user: { ...owner, redirect: '/admin/companies' } })).toEqual({ kind: 'go', to: '/admin/dashboard' });
  });
  it('sends a tenant to the server redirect only when it is in the tenant menu', () => {
    expect(landingPath({ user: { ...tenant, redirect: '/orders' } })).toEqual({ kind: 'go', to: '/orders' });
    expect(landingPath({ user: { ...tenant, redirect: '/admin/companies' } })).toEqual({ kind: 'go', to: '/dashboard' });
    expect(landingPath({ user: { ...tenant, redirect: null } })).toEqual({ kind: 'go', to: '/dashboard' });
  });
  it('ignores a server redirect to a menu entry the tenant may not see', () => {
    const limited = { roles: ['tenant'], permissionsFront: ['read-order'], redirect: '/returns' };
    expect(landingPath({ user: limited })).toEqual({ kind: 'go', to: '/dashboard' });
  });
  it('sends a supplier to the supplier menu redirect or supplier purchase orders', () => {
    expect(landingPath({ user: supplier })).toEqual({ kind: 'go', to: '/supplier-purchase-orders' });
    expect(landingPath({ user: { ...supplier, redirect: '/orders' } })).toEqual({ kind: 'go', to: '/supplier-purchase-orders' });
  });
  it('sends a user without roles to the company chooser', () => {
    expect(landingPath({ user: noRoles })).toEqual({ kind: 'go', to: '/session/companies' });
  });
  it('signs out a user whose role has no landing', () => {
    expect(landingPath({ user: { roles: ['mobile'], permissionsFront: [] } })).toEqual({ kind: 'logout', reason: 'no-permission' });
  });
  it('lets the redirect query win when the guard allows it', () => {
    expect(landingPath({ user: tenant, redirectQuery: '/orders' })).toEqual({ kind: 'go', to: '/orders' });
    expect(landingPath({ user: tenant, redirectQuery: '/iLocs?create=true' })).toEqual({ kind: 'go', to: '/iLocs?create=true' });
    expect(landingPath({ user: owner, redirectQuery: '/admin/users' })).toEqual({ kind: 'go', to: '/admin/users' });
  });
  it('ignores a redirect query the guard would refuse', () => {
    expect(landingPath({ user: tenant, redirectQuery: '/admin/companies' })).toEqual({ kind: 'go', to: '/dashboard' });
    expect(landingPath({ user: tenant, redirectQuery: '/nowhere' })).toEqual({ kind: 'go', to: '/dashboard' });
    expect(landingPath({ user: tenant, redirectQuery: '/session/login' })).toEqual({ kind: 'go', to: '/dashboard' });
    expect(landingPath({ user: tenant, redirectQuery: '/orders/create', subscription: { loaded: true, present: false } })).toEqual({
      kind: 'go',
      to: '/dashboard',
    });
  });
  it('never follows a redirect off the site', () => {
    expect(landingPath({ user: tenant, redirectQuery: '//evil.example/orders' })).toEqual({ kind: 'go', to: '/dashboard' });
    expect(landingPath({ user: tenant, redirectQuery: 'https://evil.example' })).toEqual({ kind: 'go', to: '/dashboard' });
    expect(landingPath({ user: { ...tenant, redirect: '//evil.example' } })).toEqual({ kind: 'go', to: '/dashboard' });
  });
});

describe('homePathFor', () => {
  it('gives each role its start page', () => {
    expect(homePathFor('owner')).toBe('/admin/dashboard');
    expect(homePathFor('tenant')).toBe('/dashboard');
    expect(homePathFor('supplier')).toBe('/supplier-purchase-orders');
    expect(homePathFor(null)).toBe('/dashboard');
  });
});

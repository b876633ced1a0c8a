import { effectiveRole } from '@omnio/domain';
import { filterMenu, menuForRole, menuPaths } from '../navigation/menus';
import { matchRoute, type RouteDef } from './routes-table';

export interface GuardUser {
  roles: readonly string[];
  permissionsFront: readonly string[];
}

/** Billing does not exist yet: the app passes LOADED_SUBSCRIPTION until it does. */
export interface SubscriptionState {
  loaded: boolean;
  present: boolean;
}
export const LOADED_SUBSCRIPTION: SubscriptionState = { loaded: true, present: true };

export interface GuardInput {
  pathname: string;
  /** The query string including '?', kept in the login redirect. */
  search?: string;
  user: GuardUser | null;
  hasToken: boolean;
  subscription: SubscriptionState;
}

export type GuardDecision =
  | { kind: 'allow'; route: RouteDef }
  | { kind: 'redirect'; to: string; clearStorage?: boolean }
  /** The subscription is still loading: show a spinner and ask again (spec: every 100 ms). */
  | { kind: 'wait' }
  | { kind: 'not-found' };

export const GUARD_POLL_MS = 100;

export const EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  'denied', 'page-404', 'validate-intent', 'login', 'signup', 'install-integration', 'complete-install',
]);

export const LOGIN_PATH = '/session/login';
export const DENIED_PATH = '/denied';
export const DASHBOARD_PATH = '/dashboard';
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';
export const SESSION_COMPANIES_PATH = '/session/companies';
export const SUPPLIER_HOME_PATH = '/supplier-purchase-orders';

export function loginRedirect(pathname: string, search = ''): string {
  if (pathname === DASHBOARD_PATH) return LOGIN_PATH;
  // Slashes stay readable (?redirect=/orders); everything else that could break the query is encoded.
  const wanted = encodeURIComponent(`${pathname}${search}`).replace(/%2F/gi, '/');
  return `${LOGIN_PATH}?redirect=${wanted}`;
}

function homeFor(user: GuardUser | null): string {
  return effectiveRole(user?.roles ?? []) === 'owner' ? ADMIN_DASHBOARD_PATH : DASHBOARD_PATH;
}

/** Where the logo and "go home" links lead: the role's own start page. */
export function homePathFor(role: string | null): string {
  if (role === 'owner') return ADMIN_DASHBOARD_PATH;
  if (role === 'supplier') return SUPPLIER_HOME_PATH;
  return DASHBOARD_PATH;
}

/**
 * Spec 2 route guard, as a pure function of where the user goes and what the session holds.
 *
 * Deliberate ordering: the signed-in check comes before role, permission and subscription, because
 * a subscription belongs to a signed-in company (an anonymous visitor would wait for it forever)
 * and a denied user should not be sent to billing. freeAccess routes live inside the signed-in
 * shell, so they skip role, permission and subscription but still need a stored user.
 */
export function guard(input: GuardInput): GuardDecision {
  const match = matchRoute(input.pathname);
  if (!match) return { kind: 'not-found' };
  const { route } = match;
  const { user } = input;

  if (route.name === 'root') {
    return { kind: 'redirect', to: input.hasToken ? homeFor(user) : LOGIN_PATH };
  }
  if (EXEMPT_ROUTES.has(route.name)) return { kind: 'allow', route };

  if (route.requiresAuth && !user) {
    return { kind: 'redirect', to: loginRedirect(input.pathname, input.search), clearStorage: true };
  }
  if (route.freeAccess || !route.requiresAuth || !user) return { kind: 'allow', route };

  if (route.role && route.role !== user.roles[0]) return { kind: 'redirect', to: DENIED_PATH };
  if (route.permission && !user.permissionsFront.includes(route.permission)) return { kind: 'redirect', to: DENIED_PATH };

  if (route.name === 'admin-root') return { kind: 'redirect', to: '/admin/companies' };

  if (route.requiresSubscription) {
    if (!input.subscription.loaded) return { kind: 'wait' };
    if (!input.subscription.present) return { kind: 'redirect', to: '/billing?rp=true' };
  }
  return { kind: 'allow', route };
}

export interface LandingInput {
  user: GuardUser & { redirect?: string | null };
  /** The `redirect` query parameter of the login page. */
  redirectQuery?: string | null;
  subscription?: SubscriptionState;
}

export type Landing = { kind: 'go'; to: string } | { kind: 'logout'; reason: 'no-permission' };

/** Only same-origin paths: a redirect parameter must never send the user to another site. */
function isLocalPath(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

function splitPath(value: string): { pathname: string; search: string } {
  const index = value.indexOf('?');
  return index < 0 ? { pathname: value, search: '' } : { pathname: value.slice(0, index), search: value.slice(index) };
}

function guardAllows(target: string, user: GuardUser, subscription: SubscriptionState): boolean {
  const { pathname, search } = splitPath(target);
  const decision = guard({ pathname, search, user, hasToken: true, subscription });
  return decision.kind === 'allow' && !EXEMPT_ROUTES.has(decision.route.name);
}

/** Spec 2 post-login landing. */
export function landingPath({ user, redirectQuery, subscription = LOADED_SUBSCRIPTION }: LandingInput): Landing {
  if (user.roles.length === 0) return { kind: 'go', to: SESSION_COMPANIES_PATH };
  if (isLocalPath(redirectQuery) && guardAllows(redirectQuery, user, subscription)) {
    return { kind: 'go', to: redirectQuery };
  }

  const role = effectiveRole(user.roles);
  if (role === 'owner') return { kind: 'go', to: ADMIN_DASHBOARD_PATH };
  if (role === 'tenant' || role === 'supplier') {
    const fallback = role === 'tenant' ? DASHBOARD_PATH : SUPPLIER_HOME_PATH;
    const suggested = user.redirect;
    if (isLocalPath(suggested)) {
      const paths = menuPaths(filterMenu(menuForRole(role), user.permissionsFront));
      if (paths.has(splitPath(suggested).pathname)) return { kind: 'go', to: suggested };
    }
    return { kind: 'go', to: fallback };
  }
  return { kind: 'logout', reason: 'no-permission' };
}

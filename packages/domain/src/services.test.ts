import { describe, expect, it } from 'vitest';
import {
  appServiceAllowedActions, DEFAULT_BEFORE_IMPORT_ORDER_NODES, ruleFlowProblems, SERVICE_ACTIONS, SERVICE_STATUSES, serviceAllowedActions,
  serviceTransition, ZAppServiceCreate, ZMapperDefinition, ZRuleNodes, ZServiceCreate,
} from './services';

const ALL = ['update-service', 'delete-service', 'update-app-service', 'delete-app-service'];

describe('service lifecycle (spec 4: ACTIVE, PAUSE, INACTIVE)', () => {
  // Every (status, action) pair: the expected next status, or null for a refused transition.
  const table: [string, string, string | null][] = [
    ['ACTIVE', 'pause', 'PAUSE'],
    ['ACTIVE', 'deactivate', 'INACTIVE'],
    ['ACTIVE', 'activate', null],
    ['PAUSE', 'pause', null],
    ['PAUSE', 'deactivate', 'INACTIVE'],
    ['PAUSE', 'activate', 'ACTIVE'],
    ['INACTIVE', 'pause', null],
    ['INACTIVE', 'deactivate', null],
    ['INACTIVE', 'activate', 'ACTIVE'],
  ];

  it('the table covers every status and action', () => {
    expect(table).toHaveLength(SERVICE_STATUSES.length * SERVICE_ACTIONS.length);
  });

  it.each(table)('%s –%s→ %s', (from, action, to) => {
    expect(serviceTransition(from, action)).toBe(to);
  });

  it('unknown statuses and actions, including prototype names, go nowhere', () => {
    for (const [status, action] of [['DELETED', 'activate'], ['ACTIVE', 'toString'], ['constructor', 'pause'], ['active', 'pause']]) {
      expect(serviceTransition(status!, action!)).toBeNull();
    }
  });

  it.each([
    ['ACTIVE', ['pause', 'deactivate', 'edit']],
    ['PAUSE', ['deactivate', 'activate', 'edit']],
    ['INACTIVE', ['activate', 'edit', 'delete']],
  ])('allowed_actions of a %s service', (status, actions) => {
    expect(serviceAllowedActions(status, new Set(ALL))).toEqual(actions);
  });

  it.each([
    ['ACTIVE', ['pause', 'deactivate', 'rotate-secret', 'edit']],
    ['PAUSE', ['deactivate', 'activate', 'rotate-secret', 'edit']],
    ['INACTIVE', ['activate', 'edit', 'delete']],
  ])('allowed_actions of a %s app service', (status, actions) => {
    expect(appServiceAllowedActions(status, ALL)).toEqual(actions);
  });

  it('allowed_actions follow the permissions', () => {
    expect(serviceAllowedActions('INACTIVE', ['read-service'])).toEqual([]);
    expect(serviceAllowedActions('INACTIVE', ['delete-service'])).toEqual(['delete']);
    expect(appServiceAllowedActions('ACTIVE', ['update-service'])).toEqual([]);
  });
});

describe('bodies', () => {
  it('a service key is a driver name', () => {
    expect(ZServiceCreate.safeParse({ key: 'shipedge', name: 'Shipedge', category: 'warehouse' }).data).toMatchObject({ status: 'ACTIVE', logo_url: null, description: '' });
    for (const key of ['Shopify', 'has space', '', '-lead', 'x'.repeat(65)]) {
      expect(ZServiceCreate.safeParse({ key, name: 'n', category: 'other' }).success, key).toBe(false);
    }
    expect(ZServiceCreate.safeParse({ key: 'x', name: 'n', category: 'other', logo_url: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('app services name known grants once each and http(s) redirect URIs', () => {
    expect(ZAppServiceCreate.parse({ name: 'ERP' })).toMatchObject({ grants: ['password', 'refresh_token'], confidential: true, redirect_uris: [] });
    expect(ZAppServiceCreate.safeParse({ name: 'ERP', grants: [] }).success).toBe(false);
    expect(ZAppServiceCreate.safeParse({ name: 'ERP', grants: ['password', 'password'] }).success).toBe(false);
    expect(ZAppServiceCreate.safeParse({ name: 'ERP', grants: ['client_credentials'] }).success).toBe(false);
    expect(ZAppServiceCreate.safeParse({ name: 'ERP', redirect_uris: ['ftp://x.test'] }).success).toBe(false);
  });

  it('a mapper must have relations, each target once', () => {
    expect(ZMapperDefinition.safeParse({ relations: [] }).success).toBe(false);
    const twice = ZMapperDefinition.safeParse({ relations: [{ source: 'a', target: 'sku' }, { source: 'b', target: 'sku' }] });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['relations', 1, 'target'] });
  });
});

describe('rule flows', () => {
  const node = (id: string, type: string, prev: string[] = [], next: string[] = []) => ({ id, type, name: id, prev, next });

  it('the default before-import-order template is valid: start → router select inventory location → end', () => {
    expect(ZRuleNodes.safeParse(DEFAULT_BEFORE_IMPORT_ORDER_NODES).success).toBe(true);
    expect(DEFAULT_BEFORE_IMPORT_ORDER_NODES.map((n) => n.type)).toEqual(['start', 'router', 'end']);
    expect(DEFAULT_BEFORE_IMPORT_ORDER_NODES[1]!.name).toBe('Select inventory location');
  });

  it.each([
    ['a duplicate id', [node('s', 'start', [], ['e']), node('e', 'end', ['s']), node('e', 'action')], 'Node id e is used twice'],
    ['a dangling next', [node('s', 'start', [], ['x']), node('e', 'end')], 'Node s points to x, which is not in the flow'],
    ['a dangling prev', [node('s', 'start'), node('e', 'end', ['ghost'])], 'Node e points to ghost, which is not in the flow'],
    ['a self reference', [node('s', 'start', [], ['s']), node('e', 'end')], 'Node s cannot point to itself'],
    ['two starts', [node('s', 'start'), node('t', 'start'), node('e', 'end')], 'A flow has exactly one start node'],
    ['no end', [node('s', 'start'), node('a', 'action')], 'A flow needs an end node'],
    ['an end with a next', [node('s', 'start', [], ['e']), node('e', 'end', ['s'], ['s'])], 'An end node has no next node'],
  ])('refuses %s', (_what, nodes, message) => {
    expect(ruleFlowProblems(nodes as never).map(([, m]) => m)).toContain(message);
    expect(ZRuleNodes.safeParse(nodes).success).toBe(false);
  });

  it('points a problem at the node field', () => {
    const result = ZRuleNodes.safeParse([node('s', 'start', [], ['x']), node('e', 'end')]);
    expect(result.error?.issues[0]?.path).toEqual([0, 'next']);
  });
});

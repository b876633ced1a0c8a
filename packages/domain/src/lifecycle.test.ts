import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineLifecycle, type Lifecycle } from './lifecycle';
import { processLifecycle } from './access-tokens';
import { subscriptionLifecycle } from './billing';
import { skuLifecycle } from './catalog';
import { orderLifecycle } from './orders';
import { serviceLifecycle } from './services';
import { refundLifecycle, returnLifecycle, shipmentLifecycle } from './shipments';
import { poLifecycle, supplyShipmentLifecycle, transferLifecycle } from './supply';

// Rows list their actions in another order than `actions` does, to tell the two orders apart.
const door = defineLifecycle({
  closed: { lock: 'locked', open: 'open' },
  open: { close: 'closed' },
  locked: { unlock: 'closed' },
  removed: {},
}, { actions: ['open', 'close', 'lock', 'unlock'] });

describe('defineLifecycle', () => {
  it('next follows the table and refuses what it lacks', () => {
    expect(door.next('closed', 'open')).toBe('open');
    expect(door.next('closed', 'lock')).toBe('locked');
    expect(door.next('open', 'lock')).toBeNull();
    expect(door.next('removed', 'open')).toBeNull();
    expect(door.next('ajar', 'open')).toBeNull();
  });

  it('refuses an unknown action, prototype names included', () => {
    for (const action of ['kick', 'toString', 'constructor', '__proto__', 'hasOwnProperty', '']) {
      expect(door.next('closed', action as 'open'), action).toBeNull();
      expect(door.isAction(action), action).toBe(false);
    }
    for (const status of ['toString', 'constructor', '__proto__']) {
      expect(door.next(status, 'open'), status).toBeNull();
      expect(door.allowedActions(status), status).toEqual([]);
      expect(door.isStatus(status), status).toBe(false);
    }
  });

  it('allowedActions lists exactly the row of the table, in the row order', () => {
    expect(door.allowedActions('closed')).toEqual(['lock', 'open']);
    expect(door.allowedActions('open')).toEqual(['close']);
    for (const s of door.statuses) expect(door.allowedActions(s)).toEqual(Object.keys(door.table[s]));
    expect(door.allowedActions('ajar')).toEqual([]);
  });

  it('terminal states allow nothing', () => {
    expect(door.terminal).toEqual(['removed']);
    expect(door.allowedActions('removed')).toEqual([]);
    expect(door.isTerminal('removed')).toBe(true);
    expect(door.isTerminal('open')).toBe(false);
    expect(door.isTerminal('ajar')).toBe(false);
  });

  it('statuses in table order; actions in the given order, else in order of first appearance', () => {
    expect(door.statuses).toEqual(['closed', 'open', 'locked', 'removed']);
    expect(door.actions).toEqual(['open', 'close', 'lock', 'unlock']);
    const plain = defineLifecycle({ a: { go: 'b', stay: 'a' }, b: { back: 'a', go: 'b' } });
    expect(plain.actions).toEqual(['go', 'stay', 'back']);
  });

  it('refuses an action list that is not the table’s', () => {
    const table = { a: { go: 'b' }, b: { back: 'a' } } as const;
    expect(() => defineLifecycle(table, { actions: ['go'] })).toThrow(/not the table's/);
    expect(() => defineLifecycle(table, { actions: ['go', 'back', 'go'] })).toThrow(/not the table's/);
    expect(() => defineLifecycle(table, { actions: ['go', 'back', 'jump' as 'go'] })).toThrow(/not the table's/);
  });

  it('statusesAllowing and permittedActions', () => {
    expect(door.statusesAllowing('unlock')).toEqual(['locked']);
    const needs = { open: 'use-door', close: 'use-door', lock: ['use-door', 'hold-key'], unlock: ['use-door', 'hold-key'] } as const;
    expect(door.permittedActions('closed', ['use-door'], needs)).toEqual(['open']);
    expect(door.permittedActions('closed', new Set(['use-door', 'hold-key']), needs)).toEqual(['lock', 'open']);
    expect(door.permittedActions('closed', [], needs)).toEqual([]);
  });

  it('types: statuses and actions come from the table; a typo does not compile', () => {
    expectTypeOf(door.statuses).toEqualTypeOf<readonly ('closed' | 'open' | 'locked' | 'removed')[]>();
    expectTypeOf(door.actions).toEqualTypeOf<readonly ('open' | 'close' | 'lock' | 'unlock')[]>();
    expectTypeOf(door.next).returns.toEqualTypeOf<'closed' | 'open' | 'locked' | 'removed' | null>();
    // @ts-expect-error an action the table does not have
    door.next('closed', 'kick');
    // @ts-expect-error a next status that is not a status of the table
    defineLifecycle({ a: { go: 'b' } });
    // @ts-expect-error an action order naming an action the table does not have
    expect(() => defineLifecycle({ a: { go: 'a' } }, { actions: ['go', 'jump'] })).toThrow(/the actions \[go, jump\] are not the table's \[go\]/);
  });
});

const LIFECYCLES: Record<string, Pick<Lifecycle<string, string>, 'statuses' | 'actions' | 'allowedActions'>> = {
  subscription: subscriptionLifecycle, sku: skuLifecycle, process: processLifecycle, service: serviceLifecycle, order: orderLifecycle,
  shipment: shipmentLifecycle, return: returnLifecycle, refund: refundLifecycle, po: poLifecycle, transfer: transferLifecycle,
  supply_shipment: supplyShipmentLifecycle,
};

describe('every lifecycle of the domain', () => {
  it.each(Object.entries(LIFECYCLES))('%s: allowed_actions come in the order of its action list', (_, lifecycle) => {
    // The API answers allowed_actions in row order and the web lays out its buttons in it: one order for every status.
    for (const s of lifecycle.statuses) {
      const allowed = lifecycle.allowedActions(s);
      expect(allowed, s).toEqual(lifecycle.actions.filter((a) => allowed.includes(a)));
    }
  });
});

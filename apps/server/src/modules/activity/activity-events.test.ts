import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivity } from '@omnio/domain';
import { poKit, type PoKit } from '../purchase-orders/purchase-orders.test-kit';

/** The events platform's own objects (webhooks, access tokens) are in the log too, without their secrets. */

let k: PoKit;
beforeAll(async () => {
  k = await poKit();
});
afterAll(() => k.close());

type Page = { data: TActivity[] };
const about = async (objectId: string) =>
  (await k.ok<Page>(200, 'GET', `/activity?${new URLSearchParams({ per_page: '100', search: `object_id:${objectId}` })}`, k.acme)).data;

describe('activity of webhooks and access tokens', () => {
  it('records a webhook created and disabled, never its signing secret', async () => {
    const created = await k.ok<{ data: { id: string; secret: string } }>(201, 'POST', '/webhooks', k.acme, {
      address: 'https://hooks.example.com/omnio', topic: 'order.created',
    });
    await k.ok(200, 'PUT', `/webhooks/${created.data.id}`, k.acme, { address: 'https://hooks.example.com/omnio', topic: 'order.created', active: false });
    const rows = await about(created.data.id);
    expect(rows.map((r) => r.action)).toEqual(['status_changed', 'created']);
    expect(rows[1]).toMatchObject({ object_type: 'webhook', object_label: 'https://hooks.example.com/omnio (order.created)' });
    expect(rows[0]!.changes).toMatchObject({ status: ['active', 'disabled'] });
    expect(JSON.stringify(rows)).not.toContain(created.data.secret);
  });

  it('records an access token created and revoked by its user, never the token', async () => {
    const created = await k.ok<{ data: { id: string; token: string } }>(201, 'POST', '/access-tokens', k.acme, { name: 'Audit trail', scopes: ['orders.read'] });
    await k.ok(200, 'POST', `/access-tokens/${created.data.id}/revoke`, k.acme);
    const rows = await about(created.data.id);
    expect(rows.map((r) => r.action)).toEqual(['updated', 'created']);
    expect(rows[1]).toMatchObject({ object_type: 'access_token', object_label: 'Audit trail', user: { email: 'tenant@acme.test' } });
    expect(Object.keys(rows[0]!.changes ?? {})).toEqual(['revoked_at']);
    expect(JSON.stringify(rows)).not.toContain(created.data.token);
  });
});

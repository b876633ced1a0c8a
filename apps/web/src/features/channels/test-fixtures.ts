import {
  emptyRunCounts, INBOUND_WEBHOOK_KINDS, type ChannelProcessItem, type ChannelRunDetail, type ChannelRunItem, type ServiceCatalogItem,
} from '@omnio/domain';

/** Test support: answers shaped as the contract (API.md "Channel connections") gives them. */

export const API = '/api/1.0';
export const ILOC_A = '11111111-1111-4111-8111-111111111111';
export const ILOC_B = '22222222-2222-4222-8222-222222222222';

export const catalogEntry = (key: string, name: string, over: Partial<ServiceCatalogItem> = {}): ServiceCatalogItem => ({
  key, name, category: 'sales_channel', description: `${name} stores`, logo_url: null, status: 'ACTIVE', installable: true, ...over,
});

export function processItem(over: Partial<ChannelProcessItem> = {}): ChannelProcessItem {
  const id = over.id ?? 'p1';
  return {
    id,
    name: 'Acme Shopify',
    driver: 'shopify',
    status: 'active',
    credentials: { shop_domain: true, access_token: true, client_secret: false },
    settings: { keep_pages_days: 7 },
    actions: {
      import_orders: { active: true, schedule: null, options: {} },
      update_tracking: { active: true, schedule: null, options: {} },
      sync_inventory: { active: false, schedule: null, options: {} },
      import_products: { active: false, schedule: null, options: {} },
    },
    supported_actions: ['import_orders', 'update_tracking', 'sync_inventory', 'import_products'],
    webhook_urls: Object.fromEntries(
      INBOUND_WEBHOOK_KINDS.map((k) => [k, `http://omnio.test/api/1.0/processes/${id}/gateway/webhook/${k}`]),
    ) as ChannelProcessItem['webhook_urls'],
    allowed_actions: ['disable', 'uninstall', 'edit', 'rotate-secret', 'test', 'run', 'delete'],
    last_run: null,
    recent_errors: 0,
    secret_rotated_at: '2026-11-01T00:00:00Z',
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...over,
  };
}

export function runItem(over: Partial<ChannelRunItem> = {}): ChannelRunItem {
  return {
    id: 'r1', process_id: 'p1', process_name: 'Acme Shopify', driver: 'shopify', action: 'import_orders', trigger: 'manual',
    status: 'COMPLETED', job_id: 'j1', started_at: '2026-11-02T10:00:00Z', finished_at: '2026-11-02T10:01:00Z',
    created_at: '2026-11-02T10:00:00Z', counts: { ...emptyRunCounts(), received: 3, created: 2, failed: 1 },
    errors: [{ external_id: '5001', code: 'sku_not_found', message: 'SKU TEE-RED-M is not in the catalogue' }],
    failure: null, pages_kept: 1, calls: 2,
    ...over,
  };
}

export function runDetail(over: Partial<ChannelRunDetail> = {}): ChannelRunDetail {
  return {
    ...runItem(),
    call_log: [
      { at: '2026-11-02T10:00:01Z', method: 'POST', url: 'https://acme.myshopify.com/admin/api/2025-01/graphql.json', status: 200, duration_ms: 312, attempt: 1, cost: 42 },
      { at: '2026-11-02T10:00:03Z', method: 'POST', url: 'https://acme.myshopify.com/admin/api/2025-01/graphql.json', status: 429, duration_ms: 90, attempt: 1, error: 'Throttled' },
    ],
    pages: [
      { seq: 1, url: 'https://acme.myshopify.com/admin/api/2025-01/graphql.json', status: 200, bytes: 2048, content_type: 'application/json', received_at: '2026-11-02T10:00:01Z', expires_at: '2026-11-09T10:00:01Z' },
    ],
    ...over,
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { permissionByName } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { file, GIF, JPEG, mediaKit, png, WEBP, type Headers, type MediaKit, type Part } from './mediables.test-kit';
import type { MediableDto } from './mediables.service';

type Page<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

const FORBIDDEN = { message: 'You do not have permission for this action' };
const MISSING = '00000000-0000-4000-8000-000000000000';

let k: MediaKit;
let acme: Headers;
let globex: Headers;
let supplier: Headers;
let owner: Headers;
let acmeId: string;
let globexId: string;
const acmeProduct = { id: '', skuId: '' };
let acmeOtherProduct = '';
let globexProduct = '';

const base = (tenantId = acmeId) => `/tenants/${tenantId}/mediables`;
const fields = (mediableId: string, extra: Part[] = [], type = 'product', folder = 'images'): Part[] => [
  { name: 'mediable_type', value: type },
  { name: 'mediable_id', value: mediableId },
  { name: 'folder', value: folder },
  ...extra,
];

async function expectStatus(res: LightMyRequestResponse, status: number): Promise<LightMyRequestResponse> {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}
async function uploadOk(parts: Part[], headers = acme, tenantId = acmeId): Promise<MediableDto> {
  return (await expectStatus(await k.upload(tenantId, headers, parts), 201)).json().data;
}
async function list(query: string, headers = acme, tenantId = acmeId): Promise<Page<MediableDto>> {
  return (await expectStatus(await k.api('GET', `${base(tenantId)}${query}`, headers), 200)).json();
}
const productImage = (productId = acmeProduct.id, bytes = png(), name = 'photo.png') => uploadOk(fields(productId, [file(bytes, name)]));
const onDisk = (m: MediableDto) => `${m.tenant_id}/${m.id}`;
/** Rows and files: what a refused request must leave exactly as it was. */
const state = async () => ({ rows: await countRows(k.t, 'mediables'), files: k.filesOnDisk() });

async function product(headers: Headers, name: string): Promise<{ id: string; skuId: string }> {
  const sku = `${name.toUpperCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const res = await expectStatus(await k.api('POST', '/products', headers, { name, skus: [{ sku, name: `${name} SKU`, type: 'REGULAR' }] }), 201);
  const data = res.json().data as { id: string; skus: { id: string }[] };
  return { id: data.id, skuId: data.skus[0]!.id };
}

beforeAll(async () => {
  k = await mediaKit();
  [acme, globex, supplier, owner] = await Promise.all([k.t.as('acmeTenant'), k.t.as('globexTenant'), k.t.as('acmeSupplier'), k.t.as('owner')]);
  ({ acmeId, globexId } = k);
  Object.assign(acmeProduct, await product(acme, 'Trail Tee'));
  acmeOtherProduct = (await product(acme, 'Camp Mug')).id;
  globexProduct = (await product(globex, 'Globex Kettle')).id;
});
afterAll(() => k?.close());

describe('upload, list, show, file, update, delete', () => {
  it('stores a product image: row, file on disk under DATA_DIR/media/<tenant>/<id>, bytes served back', async () => {
    const bytes = png(3, 2, [10, 120, 200]);
    const created = await uploadOk(fields(acmeProduct.id, [file(bytes, 'trail tee.png'), { name: 'custom_properties', value: '{"alt":"Red tee","main":true}' }]));
    expect(created).toMatchObject({
      tenant_id: acmeId, mediable_type: 'product', mediable_id: acmeProduct.id, folder: 'images', file_name: 'trail tee.png',
      mime_type: 'image/png', size_bytes: bytes.length, custom_properties: { alt: 'Red tee', main: true }, position: 0,
      url: `/api/1.0/tenants/${acmeId}/mediables/${created.id}/file`,
    });
    expect(created.created_by).toEqual(expect.any(String));
    expect(fs.readFileSync(path.join(k.dataDir, 'media', acmeId, created.id))).toEqual(bytes);
    expect(k.filesOnDisk().filter((f) => f.includes('.tmp-'))).toEqual([]);

    expect((await expectStatus(await k.api('GET', `${base()}/${created.id}`, acme), 200)).json().data).toEqual(created);
    const served = await expectStatus(await k.api('GET', `${base()}/${created.id}/file`, acme), 200);
    expect(served.rawPayload).toEqual(bytes);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toContain('filename="trail tee.png"');

    // the next image of the same product comes after it
    const second = await productImage(acmeProduct.id, JPEG, 'back.jpeg');
    expect(second).toMatchObject({ position: 1, mime_type: 'image/jpeg', file_name: 'back.jpeg' });
    const page = await list(`?search=mediable_type:product;mediable_id:${acmeProduct.id}`);
    expect(page).toMatchObject({ current_page: 1, per_page: 25, total: 2, last_page: 1 });
    expect(page.data.map((m) => m.id)).toEqual([created.id, second.id]);
  });

  it('the type comes from the bytes, never from the declared type or name; names are sanitised', async () => {
    const cases: [Buffer, string, string, string, string][] = [
      [png(), 'image/jpeg', 'looks-like.jpg', 'image/png', 'looks-like.png'],
      [JPEG, 'application/octet-stream', '../../etc/passwd', 'image/jpeg', 'passwd.jpg'],
      [GIF, 'image/gif', 'C:\\Users\\me\\anim.GIF', 'image/gif', 'anim.gif'],
      [WEBP, 'image/webp', '..hidden.webp', 'image/webp', 'hidden.webp'],
      [png(), 'image/png', 'we<i>rd|na\u0007me;.png', 'image/png', 'we_i_rd_name_.png'],
      [png(), 'image/png', '', 'image/png', 'image.png'],
      [png(), 'image/png', `${'ü'.repeat(300)}.png`, 'image/png', `${'ü'.repeat(114)}.png`],
    ];
    for (const [bytes, declared, name, mime, stored] of cases) {
      const m = await uploadOk(fields(acmeProduct.id, [file(bytes, name, declared)]));
      expect({ mime: m.mime_type, name: m.file_name }, name).toEqual({ mime, name: stored });
    }
  });

  it('SKU images and channel logos (spec 7: search folder:logos;mediable_type:process)', async () => {
    const skuImage = await uploadOk(fields(acmeProduct.skuId, [file(png())], 'sku'));
    expect(skuImage).toMatchObject({ mediable_type: 'sku', mediable_id: acmeProduct.skuId });
    const logo = await uploadOk(fields('Shopify', [file(png(4, 4, [0, 150, 0]), 'shopify.png')], 'process', 'logos'));
    expect(logo).toMatchObject({ mediable_type: 'process', mediable_id: 'shopify', folder: 'logos' });
    expect((await list('?search=folder:logos;mediable_type:process')).data.map((m) => m.id)).toEqual([logo.id]);
    expect((await list(`?search=mediable_id:${acmeProduct.skuId}`)).data.map((m) => m.id)).toEqual([skuImage.id]);
    expect((await list('?search=mediable_type:castle')).total).toBe(0);
  });

  it('PUT changes folder, position and custom_properties only', async () => {
    const m = await productImage(acmeOtherProduct);
    const res = await expectStatus(await k.api('PUT', `${base()}/${m.id}`, acme, { folder: 'gallery', position: 7, custom_properties: { alt: 'Mug' } }), 200);
    expect(res.json().data).toMatchObject({ id: m.id, folder: 'gallery', position: 7, custom_properties: { alt: 'Mug' }, file_name: m.file_name });
    for (const [payload, field] of [
      [{ folder: 'Bad Folder' }, 'folder'], [{ position: -1 }, 'position'], [{ position: 1.5 }, 'position'],
      [{ custom_properties: [1] }, 'custom_properties'], [{ file_name: 'x.png' }, 'file_name'], [{ mediable_id: acmeProduct.id }, 'mediable_id'],
      [{ custom_properties: { ['k\u0000']: 1 } }, 'custom_properties'], [{ custom_properties: { big: 'x'.repeat(5000) } }, 'custom_properties'],
    ] as const) {
      const bad = await expectStatus(await k.api('PUT', `${base()}/${m.id}`, acme, payload), 422);
      expect(bad.json().errors, JSON.stringify(payload)).toHaveProperty([field]);
    }
    expect((await k.api('GET', `${base()}/${m.id}`, acme)).json().data).toMatchObject({ folder: 'gallery', position: 7 });
  });

  it('DELETE removes the row and, after the commit, the file', async () => {
    const m = await productImage(acmeOtherProduct);
    expect(k.filesOnDisk()).toContain(onDisk(m));
    await expectStatus(await k.api('DELETE', `${base()}/${m.id}`, acme), 204);
    expect(k.filesOnDisk()).not.toContain(onDisk(m));
    expect(await countRows(k.t, 'mediable_trash')).toBe(0);
    await expectStatus(await k.api('GET', `${base()}/${m.id}`, acme), 404);
    await expectStatus(await k.api('GET', `${base()}/${m.id}/file`, acme), 404);
    await expectStatus(await k.api('DELETE', `${base()}/${m.id}`, acme), 404);
  });

  it('a row whose file went missing on disk is a 404 for its bytes, not a 500', async () => {
    const m = await productImage(acmeOtherProduct);
    fs.rmSync(path.join(k.dataDir, 'media', onDisk(m)));
    const res = await expectStatus(await k.api('GET', `${base()}/${m.id}/file`, acme), 404);
    expect(res.json()).toEqual({ message: 'Media file not found' });
  });
});

describe('clone, clone-bulk, store-bulk, destroy-bulk', () => {
  it('clone copies the file to a new media of another product; clone-bulk to a SKU; destroy-bulk removes them all', async () => {
    const a = await productImage(acmeProduct.id, png(5, 5, [1, 2, 3]));
    const b = await productImage(acmeProduct.id, GIF, 'b.gif');
    const copy = (await expectStatus(await k.api('POST', `${base()}/clone`, acme, { id: a.id, mediable_id: acmeOtherProduct, folder: 'copies' }), 201)).json().data as MediableDto;
    expect(copy).toMatchObject({ mediable_type: 'product', mediable_id: acmeOtherProduct, folder: 'copies', file_name: a.file_name, size_bytes: a.size_bytes });
    expect(copy.id).not.toBe(a.id);
    expect((await k.api('GET', `${base()}/${copy.id}/file`, acme)).rawPayload).toEqual(png(5, 5, [1, 2, 3]));

    const bulk = (await expectStatus(await k.api('POST', `${base()}/clone-bulk`, acme, { ids: [b.id, a.id], mediable_type: 'sku', mediable_id: acmeProduct.skuId }), 201)).json().data as MediableDto[];
    expect(bulk.map((m) => [m.mediable_type, m.mediable_id, m.file_name])).toEqual([['sku', acmeProduct.skuId, 'b.gif'], ['sku', acmeProduct.skuId, a.file_name]]);
    expect(bulk[1]!.position).toBe(bulk[0]!.position + 1);

    const ids = [copy.id, ...bulk.map((m) => m.id)];
    expect(k.filesOnDisk()).toEqual(expect.arrayContaining(ids.map((id) => `${acmeId}/${id}`)));
    const res = await expectStatus(await k.api('POST', `${base()}/destroy-bulk`, acme, { ids }), 200);
    expect(res.json()).toEqual({ data: { deleted: 3 } });
    for (const id of ids) {
      await expectStatus(await k.api('GET', `${base()}/${id}`, acme), 404);
      expect(k.filesOnDisk()).not.toContain(`${acmeId}/${id}`);
    }
    // the originals are untouched
    expect((await k.api('GET', `${base()}/${a.id}/file`, acme)).rawPayload).toEqual(png(5, 5, [1, 2, 3]));
  });

  it('clone and bulk calls are all or nothing: one bad id is a 422 naming it, nothing is written or deleted', async () => {
    const a = await productImage(acmeOtherProduct);
    const before = await state();
    const cases: [string, object, string][] = [
      ['clone', { id: MISSING }, 'id'],
      ['clone', { id: 'not-a-uuid' }, 'id'],
      ['clone', { id: a.id, mediable_id: globexProduct }, 'mediable_id'],
      ['clone', { id: a.id, mediable_type: 'sku' }, 'mediable_id'],
      ['clone-bulk', { ids: [a.id, MISSING] }, 'ids.1'],
      ['clone-bulk', { ids: [] }, 'ids'],
      ['destroy-bulk', { ids: [a.id, MISSING] }, 'ids.1'],
      ['destroy-bulk', { ids: [a.id, 'nope'] }, 'ids.1'],
      ['destroy-bulk', { ids: Array.from({ length: 501 }, () => a.id) }, 'ids'],
      ['destroy-bulk', { ids: [a.id], extra: 1 }, 'extra'],
    ];
    for (const [action, payload, field] of cases) {
      const res = await expectStatus(await k.api('POST', `${base()}/${action}`, acme, payload), 422);
      expect(res.json().errors, `${action} ${JSON.stringify(payload).slice(0, 80)}`).toHaveProperty([field]);
    }
    expect(await state()).toEqual(before);
  });

  it('store-bulk stores several images at once, or none when one is not an image', async () => {
    const made = (await expectStatus(await k.upload(acmeId, acme, fields(acmeOtherProduct, [file(png(), 'one.png', 'image/png', 'files'), file(JPEG, 'two.jpg', 'image/jpeg', 'files')]), true), 201)).json().data as MediableDto[];
    expect(made.map((m) => m.file_name)).toEqual(['one.png', 'two.jpg']);
    expect(made[1]!.position).toBe(made[0]!.position + 1);
    const before = await state();
    const res = await expectStatus(await k.upload(acmeId, acme, fields(acmeOtherProduct, [file(png(), 'ok.png', 'image/png', 'files'), file(Buffer.from('hello'), 'bad.png', 'image/png', 'files')]), true), 422);
    expect(res.json().errors).toHaveProperty(['files.1']);
    expect(await state()).toEqual(before);
  });
});

describe('refused uploads write nothing: no row, no file', () => {
  it.each([
    ['text named .png', file(Buffer.from('just some text'), 'evil.png', 'image/png')],
    ['an SVG (can carry script)', file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml')],
    ['HTML declared as an image', file(Buffer.from('<html><script>alert(1)</script></html>'), 'x.jpg', 'image/jpeg')],
    ['a PDF', file(Buffer.from('%PDF-1.7\n'), 'x.pdf', 'application/pdf')],
    ['an empty file', file(Buffer.alloc(0), 'empty.png')],
    ['half a PNG signature', file(Buffer.from([0x89, 0x50, 0x4e]), 'short.png')],
  ])('%s → 422 on file', async (_name, part) => {
    const before = await state();
    const res = await expectStatus(await k.upload(acmeId, acme, fields(acmeProduct.id, [part])), 422);
    expect(res.json()).toMatchObject({ message: expect.any(String), errors: { file: [expect.any(String)] } });
    expect(await state()).toEqual(before);
  });

  it('a file over 5 MB is a 413 JSON answer', async () => {
    const before = await state();
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await expectStatus(await k.upload(acmeId, acme, fields(acmeProduct.id, [file(big, 'big.png')])), 413);
    expect(res.json()).toMatchObject({ message: 'The file is larger than 5 MB', errors: { file: ['The file is larger than 5 MB'] } });
    expect(await state()).toEqual(before);
    // exactly 5 MB is fine
    const edge = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024 - png().length)]);
    expect((await uploadOk(fields(acmeProduct.id, [file(edge, 'edge.png')]))).size_bytes).toBe(5 * 1024 * 1024);
  });

  it.each([
    ['a product that does not exist', fields(MISSING, [file(png())]), 'mediable_id'],
    ["another tenant's product", () => fields(globexProduct, [file(png())]), 'mediable_id'],
    ['a malformed product id', fields('not-a-uuid', [file(png())]), 'mediable_id'],
    ['a product id given as a SKU', () => fields(acmeProduct.id, [file(png())], 'sku'), 'mediable_id'],
    ['an unknown mediable_type', fields(MISSING, [file(png())], 'castle'), 'mediable_type'],
    ['a bad folder', fields(MISSING, [file(png())], 'product', '../etc'), 'folder'],
    ['a bad process key', fields('a/b', [file(png())], 'process', 'logos'), 'mediable_id'],
    ['no file', fields(MISSING), 'file'],
    ['the file in another field', fields(MISSING, [file(png(), 'x.png', 'image/png', 'image')]), 'image'],
    ['two files on POST', fields(MISSING, [file(png()), file(png())]), 'file'],
    ['custom_properties that are not JSON', fields(MISSING, [file(png()), { name: 'custom_properties', value: '{nope' }]), 'custom_properties'],
    ['custom_properties that are a list', fields(MISSING, [file(png()), { name: 'custom_properties', value: '[1,2]' }]), 'custom_properties'],
    ['a NUL in a field', fields(MISSING, [file(png()), { name: 'custom_properties', value: '{"a":"b\u0000"}' }]), 'custom_properties'],
    ['an unknown field', fields(MISSING, [file(png()), { name: 'owner', value: 'me' }]), 'owner'],
    ['missing fields', [file(png())], 'mediable_type'],
  ])('%s → 422 on %#', async (_name, parts, field) => {
    const before = await state();
    const res = await expectStatus(await k.upload(acmeId, acme, typeof parts === 'function' ? parts() : parts), 422);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await state()).toEqual(before);
  });

  it('a JSON body is a 422 naming the file field; a broken multipart body a 400; never a 500', async () => {
    const json = await expectStatus(await k.api('POST', base(), acme, { mediable_type: 'product' }), 422);
    expect(json.json().errors).toHaveProperty(['file']);
    const broken = await k.t.app.inject({
      method: 'POST', url: `/api/1.0${base()}`, headers: { ...acme, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json()).toEqual({ message: expect.any(String) });
  });
});

describe('cross-tenant isolation', () => {
  let target: MediableDto;
  beforeAll(async () => {
    target = await productImage(acmeProduct.id, png(2, 2, [9, 9, 9]));
  });

  const byId = (tenantId: string, id: string): [string, string, object?][] => [
    ['GET', `${base(tenantId)}/${id}`],
    ['GET', `${base(tenantId)}/${id}/file`],
    ['PUT', `${base(tenantId)}/${id}`, { folder: 'stolen' }],
    ['DELETE', `${base(tenantId)}/${id}`],
  ];

  it("Globex naming Acme's tenant gets 404 on every endpoint and writes nothing", async () => {
    const before = await state();
    const calls: [string, string, object?][] = [
      ...byId(acmeId, target.id), ['GET', base(acmeId)], ['POST', `${base(acmeId)}/destroy-bulk`, { ids: [target.id] }],
      ['POST', `${base(acmeId)}/clone`, { id: target.id }], ['POST', `${base(acmeId)}/clone-bulk`, { ids: [target.id] }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await k.api(method, url, globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    const upload = await k.upload(acmeId, globex, fields(acmeProduct.id, [file(png())]));
    expect(upload.statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });

  it("Globex naming its own tenant with an Acme media id gets the answer of a missing id", async () => {
    const before = await state();
    for (const [method, url, payload] of byId(globexId, target.id)) {
      const res = await k.api(method, url, globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual((await k.api(method, url.replace(target.id, MISSING), globex, payload)).json());
    }
    for (const action of ['destroy-bulk', 'clone-bulk']) {
      const res = await expectStatus(await k.api('POST', `${base(globexId)}/${action}`, globex, { ids: [target.id] }), 422);
      expect(res.json()).toEqual((await k.api('POST', `${base(globexId)}/${action}`, globex, { ids: [MISSING] })).json());
    }
    expect((await list('', globex, globexId)).data.map((m) => m.id)).not.toContain(target.id);
    expect(await state()).toEqual(before);
    expect((await k.api('GET', `${base()}/${target.id}/file`, acme)).rawPayload).toEqual(png(2, 2, [9, 9, 9]));
  });

  it('Globex keeps its own media apart', async () => {
    const mine = await uploadOk(fields(globexProduct, [file(GIF, 'kettle.gif', 'image/gif')]), globex, globexId);
    expect(k.filesOnDisk()).toContain(`${globexId}/${mine.id}`);
    expect((await list('', acme)).data.map((m) => m.id)).not.toContain(mine.id);
    await expectStatus(await k.api('GET', `${base()}/${mine.id}`, acme), 404);
  });

  it('malformed or unknown tenant and media ids are 404, never 500', async () => {
    for (const url of [base('not-a-uuid'), base(MISSING), `${base()}/not-a-uuid`, `${base()}/not-a-uuid/file`, `${base()}/${MISSING}/file`]) {
      expect((await k.api('GET', url, acme)).statusCode, url).toBe(404);
    }
    expect((await k.api('PUT', `${base()}/x`, acme, { folder: 'a' })).statusCode).toBe(404);
    expect((await k.api('DELETE', `${base()}/${'x'.repeat(65)}`, acme)).statusCode).toBe(422);
  });
});

describe('permissions', () => {
  const permissionIds = async (headers: Headers) =>
    ((await k.api('GET', '/users/information?include=permissions', headers)).json() as { data: { permissions: { id: number }[] } }).data.permissions.map((p) => p.id);
  const acmeUserId = async () => ((await k.api('GET', '/users/information', acme)).json() as { data: { id: string } }).data.id;
  const setPermissions = async (userId: string, ids: number[]) =>
    expectStatus(await k.api('POST', `/users/${userId}/assign-permissions`, owner, { permissions: ids }), 201);

  it('a supplier and the owner get 403 everywhere and write nothing', async () => {
    const m = await productImage();
    const before = await state();
    const calls: [string, string, object?][] = [
      ['GET', base()], ['GET', `${base()}/${m.id}`], ['GET', `${base()}/${m.id}/file`], ['PUT', `${base()}/${m.id}`, { folder: 'x' }],
      ['DELETE', `${base()}/${m.id}`], ['POST', `${base()}/destroy-bulk`, { ids: [m.id] }], ['POST', `${base()}/clone`, { id: m.id }],
      ['POST', `${base()}/clone-bulk`, { ids: [m.id] }],
    ];
    for (const who of [supplier, owner]) {
      for (const [method, url, payload] of calls) {
        const res = await k.api(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
      expect((await k.upload(acmeId, who, fields(acmeProduct.id, [file(png())]))).statusCode).toBe(403);
    }
    expect(await state()).toEqual(before);
    expect((await k.api('GET', '/tenants/x/mediables', {})).statusCode).toBe(401);
  });

  it('without update-product a tenant reads product media but cannot change it; without read-product it cannot see it', async () => {
    const userId = await acmeUserId();
    const held = await permissionIds(acme);
    const m = await productImage();
    const logo = await uploadOk(fields('amazon', [file(png())], 'process', 'logos'));
    const id = (name: string) => permissionByName(name)!.id;
    try {
      await setPermissions(userId, held.filter((p) => p !== id('update-product')));
      const before = await state();
      await expectStatus(await k.api('GET', `${base()}/${m.id}/file`, acme), 200);
      for (const [method, url, payload] of [
        ['PUT', `${base()}/${m.id}`, { folder: 'x' }], ['DELETE', `${base()}/${m.id}`], ['POST', `${base()}/destroy-bulk`, { ids: [m.id] }],
        ['POST', `${base()}/clone`, { id: m.id }], ['POST', `${base()}/clone`, { id: logo.id, mediable_type: 'product', mediable_id: acmeProduct.id }],
      ] as [string, string, object?][]) {
        const res = await k.api(method, url, acme, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await k.upload(acmeId, acme, fields(acmeProduct.id, [file(png())]))).statusCode).toBe(403);
      expect(await state()).toEqual(before);
      // logos are process media: update-process still allows them
      await expectStatus(await k.api('PUT', `${base()}/${logo.id}`, acme, { position: 3 }), 200);

      await setPermissions(userId, held.filter((p) => p !== id('update-product') && p !== id('read-product')));
      expect((await k.api('GET', `${base()}/${m.id}`, acme)).statusCode).toBe(403);
      expect((await k.api('GET', `${base()}?search=mediable_type:product`, acme)).statusCode).toBe(403);
      const visible = await list('?per_page=500');
      expect(visible.data.every((x) => x.mediable_type === 'process')).toBe(true);
      expect(visible.data.map((x) => x.id)).toContain(logo.id);

      await setPermissions(userId, held.filter((p) => ![id('read-product'), id('update-product'), id('read-process'), id('update-process')].includes(p)));
      expect((await k.api('GET', base(), acme)).json()).toEqual(FORBIDDEN);
      expect((await k.upload(acmeId, acme, fields('amazon', [file(png())], 'process', 'logos'))).statusCode).toBe(403);
    } finally {
      await setPermissions(userId, held);
    }
    await expectStatus(await k.api('DELETE', `${base()}/${m.id}`, acme), 204);
  });
});

describe('owners going away', () => {
  it('deleting a product deletes its media rows in the same transaction; the files go at the next media write', async () => {
    const doomed = await product(acme, 'Doomed Hat');
    const images = [await productImage(doomed.id), await productImage(doomed.id, GIF, 'h.gif'), await uploadOk(fields(doomed.skuId, [file(png())], 'sku'))];
    await expectStatus(await k.api('POST', `/skus/${doomed.skuId}/discontinue`, acme), 200);
    await expectStatus(await k.api('DELETE', `/products/${doomed.id}`, acme), 204);
    for (const m of images) await expectStatus(await k.api('GET', `${base()}/${m.id}`, acme), 404);
    expect((await list(`?search=mediable_id:${doomed.id}`)).total).toBe(0);
    expect(await countRows(k.t, 'mediable_trash')).toBe(3);
    // the trash is emptied by the next write of this tenant's media
    await productImage(acmeOtherProduct);
    expect(await countRows(k.t, 'mediable_trash')).toBe(0);
    for (const m of images) expect(k.filesOnDisk()).not.toContain(onDisk(m));
  });

  it('deleting a whole company with media still works (no trash is recorded outside its tenant)', async () => {
    await uploadOk(fields(globexProduct, [file(png())]), globex, globexId);
    await expectStatus(await k.api('DELETE', `/companies/${globexId}`, owner), 204);
    const left = await k.t.database.ownerExec(`SELECT count(*)::int AS n FROM mediables WHERE tenant_id = '${globexId}'`);
    expect(left[0]!.n).toBe(0);
  });
});

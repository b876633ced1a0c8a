import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { companies } from '../companies/companies.tables';

/** Test support for the media tests: a test app whose DATA_DIR is a temporary folder, images, multipart bodies. */

export type Headers = Record<string, string>;

/** A real PNG of one colour (8-bit RGB), built from its chunks. */
export function png(width = 2, height = 2, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
export const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
export const WEBP = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L', 'latin1'), Buffer.alloc(18)]);

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export const file = (bytes: Buffer, filename = 'photo.png', type = 'image/png', name = 'file'): Part => ({ name, value: bytes, filename, type });

export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----omnio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface MediaKit {
  t: TestApp;
  dataDir: string;
  acmeId: string;
  globexId: string;
  api(method: string, url: string, headers: Headers, payload?: object): Promise<LightMyRequestResponse>;
  upload(tenantId: string, headers: Headers, parts: Part[], bulk?: boolean): Promise<LightMyRequestResponse>;
  /** Every file under DATA_DIR/media (relative paths), temporary ones included. */
  filesOnDisk(): string[];
  close(): Promise<void>;
}

export async function mediaKit(): Promise<MediaKit> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'omnio-media-test-'));
  const t = await createTestApp({ dataDir });
  const all = await t.database.db.select().from(companies);
  const api: MediaKit['api'] = (method, url, headers, payload) =>
    t.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    t,
    dataDir,
    acmeId: all.find((c) => c.name === 'Acme Outfitters')!.id,
    globexId: all.find((c) => c.name === 'Globex Retail')!.id,
    api,
    upload(tenantId, headers, parts, bulk = false) {
      const { payload, contentType } = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: `/api/1.0/tenants/${tenantId}/mediables${bulk ? '/store-bulk' : ''}`,
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
    },
    filesOnDisk() {
      const root = path.join(dataDir, 'media');
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((d) => d.isFile())
        .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
        .sort();
    },
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { eq } from 'drizzle-orm';
import type { Principal } from '../../platform/http/context';
import type { Tx } from '../../platform/db/client';
import { fieldError, forbidden, isUuid } from '../../platform/http/errors';
import { products, skus } from '../catalog/catalog.tables';
import type { MediableType } from './mediables.schemas';

/**
 * What each mediable_type is: the permissions that read and write its media, and how its mediable_id
 * is checked. Product and SKU media need the product permissions (an image is part of the product);
 * channel logos (process) the process ones. A new kind of media is one more entry here.
 */
interface TypeRule {
  read: string;
  write: string;
  /** Answers the canonical mediable_id, or throws a 422 on `field` when there is no such thing in this tenant. */
  resolve(tx: Tx, id: string, field: string): Promise<string>;
}

const byUuid = (table: typeof products | typeof skus, what: string) => async (tx: Tx, id: string, field: string) => {
  const missing = fieldError(field, `The ${what} does not exist`);
  if (!isUuid(id)) throw missing;
  // Row-level security: another tenant's product is simply not there.
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id.toLowerCase())).limit(1);
  if (!row) throw missing;
  return row.id;
};

const PROCESS_KEY = /^[a-z0-9][a-z0-9_.-]{0,63}$/;

export const TYPE_RULES: Record<MediableType, TypeRule> = {
  product: { read: 'read-product', write: 'update-product', resolve: byUuid(products, 'product') },
  sku: { read: 'read-product', write: 'update-product', resolve: byUuid(skus, 'SKU') },
  // There is no processes table yet: a process is named by its key (shopify, amazon, ...).
  process: {
    read: 'read-process',
    write: 'update-process',
    async resolve(_tx, id, field) {
      const key = id.toLowerCase();
      if (!PROCESS_KEY.test(key)) throw fieldError(field, 'Name the process by its key (letters, digits, . _ -)');
      return key;
    },
  },
};

const TYPES = Object.keys(TYPE_RULES) as MediableType[];
export const READ_PERMISSIONS = [...new Set(TYPES.map((t) => TYPE_RULES[t].read))];
export const WRITE_PERMISSIONS = [...new Set(TYPES.map((t) => TYPE_RULES[t].write))];

export const readableTypes = (p: Principal): MediableType[] => TYPES.filter((t) => p.permissions.has(TYPE_RULES[t].read));

export function assertCan(p: Principal, type: string, action: 'read' | 'write'): void {
  const rule = TYPE_RULES[type as MediableType] as TypeRule | undefined;
  if (!rule || !p.permissions.has(rule[action])) throw forbidden();
}

import {
  isValidSkuText, missingAddressFields, ORDER_CARRIERS, ORDER_SHIP_METHODS,
  type OrderErrorCode, type TAddress, type TOrderInput,
} from '@omnio/domain';

/** A line's SKU as resolved (code, alternative SKU, pack or synset member). */
export interface LineSku {
  skuId: string;
  sku: string;
  status: string;
  holderId: string;
  factor: number;
}

export interface OrderProblem {
  code: OrderErrorCode;
  message: string;
  /** Line numbers (1-based) the problem is about. */
  lines?: number[];
}

/** Ship methods a package restricts its exclusive SKUs to (package_ship_methods ⋈ package_skus). */
export type ExclusiveMethods = Map<string, Set<string>>;

const sameAddress = (a: TAddress | null | undefined, b: TAddress | null | undefined) => {
  const norm = (x: TAddress | null | undefined) =>
    JSON.stringify(['first_name', 'last_name', 'address1', 'address2', 'city', 'state', 'zip', 'country'].map((k) => (x?.[k as keyof TAddress] ?? '').trim().toLowerCase()));
  return norm(a) === norm(b);
};

/**
 * The checks of the import pipeline, in spec 8's order of what a seller fixes first. Pure: the caller
 * resolved the SKUs. Answers the first problem, or null when the order can be allocated.
 */
export function validateOrder(input: TOrderInput, skus: Map<string, LineSku>, exclusive: ExclusiveMethods): OrderProblem | null {
  const lines = input.lines;
  if (lines.length === 0) return { code: 'skus_empty', message: 'The order has no SKUs' };

  const invalid = lines.flatMap((l, i) => (!isValidSkuText(l.sku) || !Number.isInteger(l.quantity) || l.quantity <= 0 ? [i + 1] : []));
  if (invalid.length) {
    return { code: 'skus_invalid', lines: invalid, message: `Invalid SKU or quantity on line ${invalid.join(', ')} (quantities are whole numbers above zero; SKUs have no spaces or single quotes)` };
  }
  const missing = lines.flatMap((l, i) => (skus.has(l.sku.trim()) ? [] : [i + 1]));
  if (missing.length) {
    const codes = [...new Set(missing.map((n) => lines[n - 1]!.sku.trim()))];
    return { code: 'sku_not_found', lines: missing, message: `SKU not found: ${codes.join(', ')}` };
  }
  const discontinued = lines.flatMap((l, i) => (skus.get(l.sku.trim())!.status !== 'active' ? [i + 1] : []));
  if (discontinued.length) {
    const codes = [...new Set(discontinued.map((n) => lines[n - 1]!.sku.trim()))];
    return { code: 'skus_invalid', lines: discontinued, message: `Discontinued SKU: ${codes.join(', ')}` };
  }

  const absent = missingAddressFields(input.shipping_address);
  if (absent.length) return { code: 'customer_incomplete', message: `The shipping address is missing: ${absent.join(', ')}` };

  const elsewhere = lines.flatMap((l, i) => (l.shipping_address && !sameAddress(l.shipping_address, input.shipping_address) ? [i + 1] : []));
  if (elsewhere.length) return { code: 'multi_addresses', lines: elsewhere, message: `Line ${elsewhere.join(', ')} ships to another address than the order` };

  const method = input.ship_method?.trim().toLowerCase();
  if (method && !(ORDER_SHIP_METHODS as readonly string[]).includes(method)) {
    return { code: 'ship_method', message: `Unknown ship method "${input.ship_method}" (use ${ORDER_SHIP_METHODS.join(', ')})` };
  }
  const carrier = input.ship_carrier?.trim().toLowerCase();
  if (carrier && !(ORDER_CARRIERS as readonly string[]).includes(carrier)) {
    return { code: 'ship_carrier', message: `Unknown carrier "${input.ship_carrier}" (use ${ORDER_CARRIERS.join(', ')})` };
  }
  const effective = method || 'standard';
  const blocked = lines.flatMap((l, i) => {
    const allowed = exclusive.get(skus.get(l.sku.trim())!.skuId);
    return allowed && allowed.size > 0 && !allowed.has(effective) ? [i + 1] : [];
  });
  if (blocked.length) {
    return { code: 'ship_method_unassignable', lines: blocked, message: `The ship method "${effective}" cannot be used for line ${blocked.join(', ')}: its package ships only by another method` };
  }
  return null;
}

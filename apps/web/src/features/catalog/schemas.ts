import { z } from 'zod';
import { ZDimension, ZMoney, ZPackOf, ZProductCreate, ZProductUpdate, ZSkuCode } from '@omnio/domain';
import { firstProblem, skuCodeProblem } from '../../shared/catalog/sku-code';
import { PRICE_CODES, type PriceCode, type Product, type ProductBody, type Sku, type SkuBody } from './api';

/**
 * The product form. Each field is checked with the shared @omnio/domain schemas (spec 5: SKU codes
 * without single quotes or spaces, names required, values ≥ 0 with bounded decimals, whole pack
 * quantities), so the form and the server apply one rule set; the assembled body is checked once more
 * against ZProductCreate/ZProductUpdate before it is sent. Domain messages are English; the form shows
 * them translated (see shared/i18n/domain-messages.ts). Rules only a form has use `validation.*` keys.
 */

/** A text input checked by a domain schema; blank passes when `optional`. */
function checkedBy(schema: z.ZodType, optional: boolean) {
  return z.string().superRefine((value, ctx) => {
    if (optional && value.trim() === '') return;
    const problem = firstProblem(schema, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

const ZName = z.string().trim().min(1, 'The name is required').max(200, 'The name may not be longer than 200 characters');
const ZPrice = checkedBy(ZMoney, true);

export const ZSkuRow = z
  .object({
    /** Set for SKUs that exist already (edit): the server renames by id. */
    id: z.string().optional(),
    sku: checkedBy(ZSkuCode, false),
    name: ZName,
    type: z.enum(['REGULAR', 'PACK']),
    pack_sku: z.string(),
    pack_quantity: z.string(),
    barcode: z.string().trim().max(64, 'validation.barcodeLength'),
    weight: checkedBy(ZDimension, true),
    prices: z.object({ RETAIL: ZPrice, BUY: ZPrice, WHOLE: ZPrice, WTDAVGCOST: ZPrice }),
    /** Alternative SKU codes, separated by commas. */
    aliases: z.string(),
  })
  .superRefine((row, ctx) => {
    if (row.type === 'PACK') {
      const problem = row.pack_sku.trim() === '' ? 'validation.packSkuRequired' : skuCodeProblem(row.pack_sku);
      if (problem) ctx.addIssue({ code: 'custom', path: ['pack_sku'], message: problem });
      else if (row.pack_sku.trim() === row.sku.trim()) ctx.addIssue({ code: 'custom', path: ['pack_sku'], message: 'A pack cannot be made of itself' });
      const quantity = row.pack_quantity.trim();
      const quantityProblem = /^\d+$/.test(quantity)
        ? firstProblem(ZPackOf.shape.quantity, Number(quantity))
        : 'The pack quantity must be a whole number';
      if (quantityProblem) ctx.addIssue({ code: 'custom', path: ['pack_quantity'], message: quantityProblem });
    }
    for (const alias of splitAliases(row.aliases)) {
      const problem = skuCodeProblem(alias);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['aliases'], message: 'validation.alias' });
        break;
      }
    }
  });

export const ZProductForm = z
  .object({
    name: ZName,
    description: z.string().trim().max(5000, 'validation.descriptionLength'),
    category_id: z.string(),
    brand: z.string().trim().max(200, 'The name may not be longer than 200 characters'),
    skus: z.array(ZSkuRow).min(1, 'A product needs at least one SKU'),
  })
  .superRefine((form, ctx) => {
    // Codes are unique per company, aliases included: at least not repeated inside one product.
    const seen = new Map<string, number>();
    form.skus.forEach((row, index) => {
      for (const code of [row.sku, ...splitAliases(row.aliases)].map((c) => c.trim()).filter(Boolean)) {
        if (seen.has(code) && seen.get(code) !== index) {
          ctx.addIssue({ code: 'custom', path: ['skus', index, 'sku'], message: 'The SKU is repeated in this product' });
        }
        seen.set(code, index);
      }
    });
    // A pack's base must be a REGULAR SKU; a sibling in this form that is itself a pack cannot be one.
    const packs = new Set(form.skus.filter((r) => r.type === 'PACK').map((r) => r.sku.trim()));
    form.skus.forEach((row, index) => {
      if (row.type === 'PACK' && row.pack_sku.trim() !== row.sku.trim() && packs.has(row.pack_sku.trim())) {
        ctx.addIssue({ code: 'custom', path: ['skus', index, 'pack_sku'], message: 'validation.packBaseRegular' });
      }
    });
  });

export type ProductFormInput = z.input<typeof ZProductForm>;
export type ProductFormValues = z.output<typeof ZProductForm>;
export type SkuRowInput = z.input<typeof ZSkuRow>;

export function splitAliases(text: string): string[] {
  return text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export function emptySkuRow(): SkuRowInput {
  return {
    sku: '', name: '', type: 'REGULAR', pack_sku: '', pack_quantity: '', barcode: '', weight: '',
    prices: { RETAIL: '', BUY: '', WHOLE: '', WTDAVGCOST: '' }, aliases: '',
  };
}

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

function priceOf(sku: Sku, code: PriceCode): string {
  return text(sku.prices.find((p) => p.code === code)?.value);
}

export function toFormInput(product: Product | null): ProductFormInput {
  if (!product) return { name: '', description: '', category_id: '', brand: '', skus: [emptySkuRow()] };
  const skus = (product.skus ?? []).filter((s) => s.type !== 'SYNSET');
  return {
    name: product.name,
    description: text(product.description),
    category_id: text(product.category_id),
    brand: product.brand?.name ?? '',
    skus: skus.length
      ? skus.map((s) => ({
          id: s.id,
          sku: s.sku,
          name: s.name,
          type: s.type === 'PACK' ? 'PACK' : 'REGULAR',
          pack_sku: s.pack_of?.sku ?? '',
          pack_quantity: text(s.pack_of?.quantity),
          barcode: text(s.barcode),
          weight: text(s.weight),
          prices: {
            RETAIL: priceOf(s, 'RETAIL'), BUY: priceOf(s, 'BUY'), WHOLE: priceOf(s, 'WHOLE'), WTDAVGCOST: priceOf(s, 'WTDAVGCOST'),
          },
          aliases: s.aliases.map((a) => a.alias).join(', '),
        }))
      : [emptySkuRow()],
  };
}

/**
 * The API body. New SKUs leave blank optional fields out; a saved SKU sends null to clear one (the
 * server keeps a field it is not sent). `brandId` is resolved by the caller.
 */
export function toProductBody(values: ProductFormValues, brandId: string | null, editing = false): ProductBody {
  return {
    name: values.name,
    ...(values.description ? { description: values.description } : editing ? { description: null } : {}),
    category_id: values.category_id || null,
    brand_id: brandId,
    skus: values.skus.map((row): SkuBody => {
      const blank = row.id ? null : undefined;
      const barcode = row.barcode.trim() || blank;
      const weight = row.weight.trim() || blank;
      return {
        ...(row.id ? { id: row.id } : {}),
        sku: row.sku.trim(),
        name: row.name,
        type: row.type,
        ...(barcode !== undefined ? { barcode } : {}),
        ...(weight !== undefined ? { weight } : {}),
        prices: PRICE_CODES.filter((code) => row.prices[code].trim() !== '').map((code) => ({ code, value: row.prices[code].trim() })),
        aliases: splitAliases(row.aliases).map((alias) => ({ alias })),
        ...(row.type === 'PACK' ? { pack_of: { sku: row.pack_sku.trim(), quantity: Number(row.pack_quantity) } } : {}),
      };
    }),
  };
}

/** The body checked against the shared request schema: [server-style key, message] pairs. */
export function bodyProblems(body: ProductBody, editing: boolean): [string, string][] {
  const result = (editing ? ZProductUpdate : ZProductCreate).safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

/**
 * The form field a server 422 key belongs to (`skus.1.pack_of.quantity` → `skus.1.pack_quantity`,
 * `skus.0.prices.2.value` → the price input of the code sent third), or null when no input shows it.
 */
export function formFieldOf(key: string, body: ProductBody): string | null {
  if (key === 'name' || key === 'description' || key === 'category_id') return key;
  if (key === 'brand_id') return 'brand';
  const match = /^skus\.(\d+)(?:\.(.+))?$/.exec(key);
  if (!match) return null;
  const index = Number(match[1]);
  const rest = match[2] ?? 'sku';
  const base = `skus.${index}`;
  if (rest === 'sku' || rest === 'id' || rest === 'name' || rest === 'type' || rest === 'barcode' || rest === 'weight') {
    return `${base}.${rest === 'id' ? 'sku' : rest}`;
  }
  if (rest.startsWith('pack_of')) return rest.endsWith('quantity') ? `${base}.pack_quantity` : `${base}.pack_sku`;
  if (rest.startsWith('aliases')) return `${base}.aliases`;
  const price = /^prices(?:\.(\d+))?/.exec(rest);
  if (price) {
    const code = price[1] === undefined ? undefined : body.skus[index]?.prices?.[Number(price[1])]?.code;
    return code ? `${base}.prices.${code}` : `${base}.prices.RETAIL`;
  }
  return `${base}.sku`;
}

/**
 * Reorder point, safety stock and suggested order quantity (issue 23) from the forecast's daily demand,
 * the supplier's lead time for the SKU and its variability where known, and a chosen service level.
 */

// Acklam's rational approximation of the inverse normal CDF (relative error < 1.2e-9 after one Halley step).
const A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

function erfc(x: number): number {
  // Numerical Recipes' erfcc (fractional error < 1.2e-7), enough for the refinement step.
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? r : 2 - r;
}

/** z such that P(Z ≤ z) = p for a standard normal Z: 0.95 → 1.6449, 0.99 → 2.3263, 0.5 → 0. */
export function inverseNormal(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    throw new RangeError(`probability out of (0, 1): ${p}`);
  }
  if (p === 0.5) return 0;
  const a = A as [number, number, number, number, number, number];
  const b = B as [number, number, number, number, number];
  const c = C as [number, number, number, number, number, number];
  const d = D as [number, number, number, number];
  let x: number;
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - P_LOW) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const e = 0.5 * erfc(-x / Math.SQRT2) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

export interface SafetyStockInput {
  /** Mean demand, units per day. */
  demandPerDay: number;
  /** Standard deviation of daily demand (the forecast's error), units per day. */
  demandSd: number;
  /** The supplier's lead time for the SKU, days. */
  leadTimeDays: number;
  /** Standard deviation of that lead time, days, when known. */
  leadTimeSd?: number | null;
  /** Cycle service level wanted, e.g. 0.95. */
  serviceLevel: number;
}

/** SS = z × √(L·σd² + d²·σL²): demand uncertainty over the lead time plus lead-time uncertainty at mean demand. */
export function safetyStock(i: SafetyStockInput): number {
  const z = inverseNormal(i.serviceLevel);
  const L = Math.max(0, i.leadTimeDays);
  const sdL = Math.max(0, i.leadTimeSd ?? 0);
  const d = Math.max(0, i.demandPerDay);
  const sdD = Math.max(0, i.demandSd);
  return Math.max(0, z * Math.sqrt(L * sdD * sdD + d * d * sdL * sdL));
}

/** ROP = d × L + SS. */
export function reorderPoint(i: SafetyStockInput): number {
  return Math.max(0, i.demandPerDay) * Math.max(0, i.leadTimeDays) + safetyStock(i);
}

export interface OrderInput {
  reorderPoint: number;
  demandPerDay: number;
  /** Days of demand the order should cover beyond the reorder point. */
  coverDays: number;
  onHand: number;
  onOrder: number;
  inTransit: number;
  /**
   * Units customers already ordered that no stock covers (open orders' backordered lines): demand that is in
   * the past for the forecast (its history ends yesterday) and still to be bought.
   */
  backordered?: number;
  /** The supplier's minimum order quantity for the SKU. */
  minQuantity?: number | null;
  /** Units per pack: the order is a whole number of packs. */
  packSize?: number | null;
}

/**
 * max(0, ROP + cover demand − on hand − on order − in transit), in whole units, raised to the supplier's
 * minimum when anything is needed, then rounded up to whole packs (so the minimum is respected even when
 * it is not itself a pack multiple).
 */
export function suggestOrderQuantity(i: OrderInput): number {
  const position = Math.max(0, i.onHand) + Math.max(0, i.onOrder) + Math.max(0, i.inTransit) - Math.max(0, i.backordered ?? 0);
  const raw = i.reorderPoint + Math.max(0, i.demandPerDay) * Math.max(0, i.coverDays) - position;
  // The epsilon keeps 12.000000001 from binary arithmetic at 12, not 13.
  let qty = raw > 1e-9 ? Math.ceil(raw - 1e-9) : 0;
  if (qty === 0) return 0;
  if (i.minQuantity && i.minQuantity > qty) qty = i.minQuantity;
  if (i.packSize && i.packSize > 1) qty = Math.ceil(qty / i.packSize) * i.packSize;
  return qty;
}

export interface ReplenishmentInput extends Omit<SafetyStockInput, 'demandPerDay'>, Omit<OrderInput, 'reorderPoint' | 'demandPerDay'> {
  /** Daily forecast from today; its mean over lead time + cover is the demand rate used. */
  forecast: readonly number[];
}

export interface ReplenishmentPlan {
  demandPerDay: number;
  safetyStock: number;
  reorderPoint: number;
  quantity: number;
}

/** The whole chain from a forecast: demand rate over lead time + cover, SS, ROP and the order. */
export function replenishmentPlan(i: ReplenishmentInput): ReplenishmentPlan {
  const days = Math.max(1, Math.ceil(Math.max(0, i.leadTimeDays) + Math.max(0, i.coverDays)));
  let s = 0;
  const m = Math.min(days, i.forecast.length);
  for (let k = 0; k < m; k++) s += i.forecast[k]!;
  const demandPerDay = m > 0 ? s / m : 0;
  const base = { ...i, demandPerDay };
  const ss = safetyStock(base);
  const rop = demandPerDay * Math.max(0, i.leadTimeDays) + ss;
  return { demandPerDay, safetyStock: ss, reorderPoint: rop, quantity: suggestOrderQuantity({ ...i, demandPerDay, reorderPoint: rop }) };
}

/**
 * The carrier's public tracking page for a tracking number, or null when the carrier is not one we know and the
 * number does not say it (a UPS number starts with 1Z). Carriers are matched on their usual names, so a PO
 * shipment's free-text "FedEx Ground" or "UPS Freight" links as well as an order's `fedex` / `ups`.
 */
const PAGES: [RegExp, (n: string) => string][] = [
  [/^usps\b|^united states postal/i, (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`],
  [/^ups\b|^united parcel/i, (n) => `https://www.ups.com/track?tracknum=${n}`],
  [/^fed\s?ex\b/i, (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`],
  [/^dhl\b/i, (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`],
  [/^ontrac\b/i, (n) => `https://www.ontrac.com/tracking/?number=${n}`],
];

export function trackingUrl(carrier: string | null | undefined, tracking: string | null | undefined): string | null {
  const number = (tracking ?? '').trim();
  // Only what a tracking number can hold: letters, digits and dashes; anything else is a note, not a number.
  if (!number || !/^[A-Za-z0-9-]{6,40}$/.test(number)) return null;
  const name = (carrier ?? '').trim();
  const encoded = encodeURIComponent(number);
  for (const [pattern, page] of PAGES) if (pattern.test(name)) return page(encoded);
  if (/^1Z[0-9A-Z]{16}$/i.test(number)) return PAGES[1]![1](encoded);
  return null;
}

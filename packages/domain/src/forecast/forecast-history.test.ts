import { describe, expect, it } from 'vitest';
import { buildDemandHistory } from './forecast-history';

describe('daily demand history', () => {
  const lines = [
    { sku: 'A', ilocId: 'dal', orderDate: '2026-03-01T10:00:00Z', quantity: 3 },
    { sku: 'A', ilocId: 'den', orderDate: '2026-03-01', quantity: 2, cancelledQuantity: 2 },
    { sku: 'A', ilocId: 'den', orderDate: '2026-03-03', quantity: 5, cancelledQuantity: 1 },
    { sku: 'A', orderDate: '2026-02-28', quantity: 9 }, // before the range
    { sku: 'B', ilocId: 'dal', orderDate: '2026-03-02', quantity: 1 },
  ];
  const returns = [{ sku: 'A', ilocId: 'dal', date: '2026-03-03', quantity: 1 }];

  it('is orders net of cancellations per day, with returns apart', () => {
    const h = buildDemandHistory(lines, returns, { from: '2026-03-01', to: '2026-03-04' });
    expect(h).toEqual([
      { sku: 'A', ilocId: null, startDate: '2026-03-01', demand: [3, 0, 4, 0], returns: [0, 0, 1, 0] },
      { sku: 'B', ilocId: null, startDate: '2026-03-01', demand: [0, 1, 0, 0], returns: [0, 0, 0, 0] },
    ]);
  });

  it('splits by iloc on request, next to the SKU total', () => {
    const h = buildDemandHistory(lines, returns, { from: '2026-03-01', to: '2026-03-04', byIloc: true });
    const a = h.filter((s) => s.sku === 'A').map((s) => [s.ilocId, s.demand, s.returns]);
    expect(a).toEqual([
      [null, [3, 0, 4, 0], [0, 0, 1, 0]],
      ['dal', [3, 0, 0, 0], [0, 0, 1, 0]],
      ['den', [0, 0, 4, 0], [0, 0, 0, 0]],
    ]);
  });

  it('an empty range gives nothing', () => {
    expect(buildDemandHistory(lines, returns, { from: '2026-03-05', to: '2026-03-01' })).toEqual([]);
  });
});

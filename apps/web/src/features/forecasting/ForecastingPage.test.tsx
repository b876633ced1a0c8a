import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ForecastResultRowDto, ForecastRunDto, ForecastSeriesDto } from '@omnio/domain';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { ForecastingPage } from './ForecastingPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const AT = '2026-11-20T10:00:00.000Z';
const RUN = '0b8f5a52-4a57-4a31-9a0a-7f5f1d1c0001';
const SKU_A = '0b8f5a52-4a57-4a31-9a0a-7f5f1d1c00a1';
const SKU_B = '0b8f5a52-4a57-4a31-9a0a-7f5f1d1c00b2';
const SUPPLIER = '0b8f5a52-4a57-4a31-9a0a-7f5f1d1c00c3';
const ILOC = '0b8f5a52-4a57-4a31-9a0a-7f5f1d1c00d4';

const run = (over: Partial<ForecastRunDto> = {}): ForecastRunDto => ({
  id: RUN, status: 'done', progress: { done: 2, total: 2 },
  params: { sku_ids: [SKU_A, SKU_B], category_id: null, horizon_weeks: 8, service_level: 0.95, peaks: 'apply', iloc_id: null },
  error: null, created_at: AT, finished_at: AT,
  summary: { skus: 2, with_suggestion: 1, wape: 0.31, mase: 0.84, naive_wape: 0.42, naive_mase: 1 },
  ...over,
});

const row = (over: Partial<ForecastResultRowDto> = {}): ForecastResultRowDto => ({
  sku_id: SKU_A, sku: 'TEE-RED-M', name: 'Red tee, M', iloc_id: null, demand_class: 'smooth', method: 'ses-weekly',
  accuracy: { wape: 0.3, mase: 0.8, bias: 0.02, naive_wape: 0.4, naive_mase: 1 }, censored_days: 12, peaks: [],
  forecast_total: 112, on_hand: 10, on_order: 0, lead_time_days: 14, safety_stock: 8.5, reorder_point: 36.5, suggested_quantity: 48,
  supplier_id: SUPPLIER, supplier_name: 'Cotton Co', note: 'Out of stock 12 days: demand estimated from in-stock days', ...over,
});
const ROWS = [
  row(),
  row({ sku_id: SKU_B, sku: 'MUG-BLUE', name: 'Blue mug', demand_class: 'intermittent', method: 'tsb', censored_days: 0, suggested_quantity: 0, supplier_id: null, supplier_name: null, note: 'No supplier: no suggestion' }),
];

const base = (over: FetchRoute[] = []): FetchRoute[] => [
  ...over,
  ['GET', '/api/1.0/forecasts', [200, page([run()])]],
  ['GET', `/api/1.0/forecasts/${RUN}`, [200, { data: run() }]],
  ['GET', `/api/1.0/forecasts/${RUN}/results`, [200, page(ROWS)]],
  ['GET', '/api/1.0/tenants/c1/ilocs', [200, page([{ id: ILOC, name: 'Dallas', code: 'DAL' }, { id: 'other', name: 'Austin', code: null }])]],
  ['GET', '/api/1.0/skus', [200, page([{ id: SKU_A, sku: 'TEE-RED-M' }, { id: SKU_B, sku: 'MUG-BLUE' }])]],
];

const PERMS = ['create-process', 'read-purchase-order', 'create-purchase-order'];

describe('ForecastingPage', { timeout: 30_000 }, () => {
  it('names each slip beside its field and sends nothing', async () => {
    const net = routeFetch(base());
    renderWithProviders(<ForecastingPage />, { session: fakeSession(PERMS) });
    fireEvent.change(await screen.findByRole('spinbutton', { name: /Horizon \(weeks\)/ }, SLOW), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Service level/ }), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run forecast' }));
    expect(await screen.findByText('Choose at least one SKU')).toBeTruthy();
    expect(screen.getByText('Give a whole number of weeks from 1 to 26')).toBeTruthy();
    expect(screen.getByText('Give a percentage from 50 to 99.9')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'A category' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run forecast' }));
    expect(await screen.findByText('Choose a category')).toBeTruthy();
    expect(net.to('POST', '/api/1.0/forecasts')).toHaveLength(0);
  });

  it('runs a forecast for picked SKUs: progress while it runs, then the summary and suggestions', async () => {
    const net = routeFetch(base([
      ['POST', '/api/1.0/forecasts', [202, { data: run({ status: 'queued', progress: { done: 0, total: 2 }, summary: null, finished_at: null }) }]],
      ['GET', `/api/1.0/forecasts/${RUN}`, (_c, nth) => (nth === 0
        ? [200, { data: run({ status: 'running', progress: { done: 1, total: 2 }, summary: null, finished_at: null }) }]
        : [200, { data: run() }])],
    ]));
    renderWithProviders(<ForecastingPage />, { session: fakeSession(PERMS) });
    const skus = await screen.findByRole('combobox', { name: 'SKUs' }, SLOW);
    fireEvent.change(skus, { target: { value: 'TEE' } });
    fireEvent.click(await screen.findByRole('option', { name: 'TEE-RED-M' }, SLOW));
    fireEvent.change(screen.getByRole('spinbutton', { name: /Horizon \(weeks\)/ }), { target: { value: '12' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Service level/ }), { target: { value: '97.5' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Exclude' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run forecast' }));

    expect(await screen.findByText('Running · 1 of 2 SKUs', undefined, SLOW)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/forecasts')[0]?.body).toEqual({ sku_ids: [SKU_A], horizon_weeks: 12, service_level: 0.975, peaks: 'exclude' });

    const summary = await screen.findByRole('region', { name: 'Summary' }, SLOW);
    expect(within(summary).getByText('31%')).toBeTruthy();
    expect(within(summary).getByText(/Seasonal naive: 42%/)).toBeTruthy();
    const table = screen.getByRole('region', { name: 'Reorder suggestions' });
    expect(await within(table).findByRole('button', { name: 'TEE-RED-M' }, SLOW)).toBeTruthy();
    expect(within(table).getByText('Out of stock 12 days: demand estimated from in-stock days')).toBeTruthy();
    expect(within(table).getByText('No supplier: no suggestion')).toBeTruthy();
  });

  it('shows a SKU’s chart from its row, described in words', async () => {
    const series: ForecastSeriesDto = {
      row: row(),
      history: [{ date: '2026-11-18', units: 3, returns: 0, in_stock: true }, { date: '2026-11-19', units: 4, returns: 1, in_stock: false }],
      forecast: [{ date: '2026-11-21', units: 2, low: 1, high: 3 }],
    };
    routeFetch(base([['GET', `/api/1.0/forecasts/${RUN}/results/${SKU_A}`, [200, { data: series }]]]));
    renderWithProviders(<ForecastingPage />, { session: fakeSession(PERMS), path: `/forecasting-create?run=${RUN}` });
    fireEvent.click(await screen.findByRole('button', { name: 'TEE-RED-M' }, SLOW));
    const chart = await screen.findByRole('region', { name: 'Demand for TEE-RED-M' }, SLOW);
    expect(within(chart).getByRole('img', { name: /7 units sold in the last 2 days \(1 days out of stock\); 112 units forecast over 8 weeks/ })).toBeTruthy();
  });

  it('turns the chosen suggestion into purchase orders at the chosen iLoc and links to them', async () => {
    const net = routeFetch(base([
      ['POST', '/api/1.0/purchase-orders/by-skus', [201, { data: [{ id: 'po1', number: 'PO-1001', supplier: { id: SUPPLIER, name: 'Cotton Co' }, line_count: 1, qty_ordered: 60 }] }]],
    ]));
    renderWithProviders(<ForecastingPage />, { session: fakeSession(PERMS), path: `/forecasting-create?run=${RUN}` });
    const table = await screen.findByRole('region', { name: 'Reorder suggestions' }, SLOW);
    await within(table).findByRole('button', { name: 'TEE-RED-M' }, SLOW);
    const create = within(table).getByRole('button', { name: 'Create purchase orders' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    const cell = within(table).getByText('48').closest('[role="gridcell"]') as HTMLElement;
    fireEvent.doubleClick(cell);
    const input = await within(cell).findByRole('spinbutton');
    fireEvent.change(input, { target: { value: '60' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await within(table).findByText('60')).toBeTruthy();

    const checkboxes = within(table).getAllByRole('checkbox', { name: 'Select row' }) as HTMLInputElement[];
    expect(checkboxes[1]!.disabled).toBe(true);
    fireEvent.click(checkboxes[0]!);
    fireEvent.click(within(table).getByRole('button', { name: 'Create purchase orders (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create purchase orders' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose the iLoc that receives the goods')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Receiving iLoc' }), { target: { value: ILOC } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const link = await screen.findByRole('link', { name: 'PO-1001' }, SLOW);
    expect(link.getAttribute('href')).toContain('po1');
    expect(net.to('POST', '/api/1.0/purchase-orders/by-skus')[0]?.body).toEqual({ iloc_id: ILOC, lines: [{ sku: 'TEE-RED-M', supplier_id: SUPPLIER, quantity: 60 }] });
  });

  it('keeps the reorder points of a run for one iLoc', async () => {
    const net = routeFetch(base([
      ['GET', `/api/1.0/forecasts/${RUN}`, [200, { data: run({ params: { ...run().params, iloc_id: ILOC } }) }]],
      ['POST', `/api/1.0/forecasts/${RUN}/reorder-points`, [200, { data: { iloc_id: ILOC, saved: 1 } }]],
    ]));
    renderWithProviders(<ForecastingPage />, { session: fakeSession(PERMS), path: `/forecasting-create?run=${RUN}` });
    const table = await screen.findByRole('region', { name: 'Reorder suggestions' }, SLOW);
    fireEvent.click(within(table).getByRole('button', { name: 'Save reorder points' }));
    expect(await screen.findByText('Reorder point kept for 1 SKU at this iLoc', undefined, SLOW)).toBeTruthy();
    expect(net.to('POST', `/api/1.0/forecasts/${RUN}/reorder-points`)).toHaveLength(1);
  });

  it('offers no reorder points from a run over every iLoc', async () => {
    routeFetch(base());
    renderWithProviders(<ForecastingPage />, { session: fakeSession(PERMS), path: `/forecasting-create?run=${RUN}` });
    const table = await screen.findByRole('region', { name: 'Reorder suggestions' }, SLOW);
    expect(within(table).getByText(/Run the forecast for one iLoc to keep its reorder points/)).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Save reorder points' })).toBeNull();
  });

  it('says in Spanish when no forecast has been run, and shows a failed run’s reason', async () => {
    routeFetch(base([
      ['GET', '/api/1.0/forecasts', [200, page([])]],
      ['GET', `/api/1.0/forecasts/${RUN}`, [200, { data: run({ status: 'failed', error: 'Worker stopped', summary: null }) }]],
    ]));
    renderWithProviders(<ForecastingPage />, { session: fakeSession(PERMS), language: 'es', path: `/forecasting-create?run=${RUN}` });
    expect(await screen.findByText('Aún no se ha ejecutado ninguna previsión.', undefined, SLOW)).toBeTruthy();
    expect(await screen.findByText('La previsión falló: Worker stopped', undefined, SLOW)).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { setTokens } from '../../shared/session/storage';
import { routeFetch } from '../../shared/test/test-fetch';
import { ImportOrdersDialog } from './ImportOrders';
import { ALL_ORDER_PERMISSIONS } from './test-fixtures';
import { UploadCsvOrderScreen } from './UploadCsvOrderScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const JOB = 'f0000000-0000-4000-8000-000000000009';
const NEW_ORDER = 'a0000000-0000-4000-8000-000000000010';
const REPORT = {
  created: 1,
  duplicates: 1,
  failed: 1,
  errors: [{ line: 4, external_id: 'SHOP-3', message: 'quantity: "two" is not a whole number' }],
  orders: [{ line: 2, id: NEW_ORDER, number: 'AC-1010', status: 'error', error_code: 'sku_not_found' }],
};
const job = (status: string, extra: object = {}) => ({
  data: { id: JOB, kind: 'orders.import', status, progress: 0, result: null, error: null, created_at: '', finished_at: null, ...extra },
});
const CSV = 'external_id,channel,first_name,sku,quantity\nSHOP-1,manual,Ada,TEE-M,2\n';

function choose(scope: HTMLElement, name = 'orders.csv', text = CSV) {
  const file = new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'text/plain' });
  fireEvent.change(within(scope).getByTestId('orders-csv-input'), { target: { files: [file] } });
}

describe('orders CSV upload', { timeout: 20_000 }, () => {
  it('uploads multipart, follows the job and shows created, duplicates, failed and the errors with their line', async () => {
    setTokens({ access_token: 'tok-1', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 });
    const net = routeFetch([
      ['POST', '/api/1.0/orders/import', [202, { data: { job_id: JOB, status: 'PENDING' } }]],
      ['GET', `/api/1.0/jobs/${JOB}`, (_c, nth) => [200, nth === 0 ? job('RUNNING', { progress: 40 }) : job('COMPLETED', { progress: 100, result: REPORT })]],
    ]);
    renderWithProviders(<ImportOrdersDialog open onClose={() => undefined} />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant') });
    const dialog = await screen.findByRole('dialog', { name: 'Upload orders CSV' });
    expect(within(dialog).getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    choose(dialog);
    expect(within(dialog).getByText(/orders\.csv/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await within(dialog).findByText('2 problems: see below.', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Created: 1')).toBeTruthy();
    expect(within(dialog).getByText('Duplicates: 1')).toBeTruthy();
    expect(within(dialog).getByText('Failed: 1')).toBeTruthy();
    const errors = within(dialog).getByRole('table', { name: 'Rows not imported' });
    expect(within(errors).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', 'SHOP-3', 'quantity: "two" is not a whole number']);
    const written = within(dialog).getByRole('table', { name: 'Orders written' });
    expect(within(written).getByRole('link', { name: 'AC-1010' }).getAttribute('href')).toBe(`/orders/edit/${NEW_ORDER}`);
    expect(within(written).getByText('SKU not found')).toBeTruthy();

    const [upload] = net.to('POST', '/api/1.0/orders/import');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('orders.csv');
    expect(upload?.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('refuses a file that is not CSV, and says when the import job failed', async () => {
    routeFetch([
      ['POST', '/api/1.0/orders/import', [202, { data: { job_id: JOB, status: 'PENDING' } }]],
      ['GET', `/api/1.0/jobs/${JOB}`, [200, job('FAILED', { error: 'The file is not UTF-8' })]],
    ]);
    renderWithProviders(<UploadCsvOrderScreen />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant') });
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: 'Upload orders CSV', level: 1 })).toBeTruthy();
    choose(main, 'orders.txt');
    expect(within(main).getByText('Choose a .csv file')).toBeTruthy();
    choose(main);
    fireEvent.click(within(main).getByRole('button', { name: 'Upload' }));
    expect(await within(main).findByText('Could not import the file: The file is not UTF-8', {}, SLOW)).toBeTruthy();
  });

  it('downloads the template through the authenticated client', async () => {
    setTokens({ access_token: 'tok-2', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 });
    const net = routeFetch([['GET', '/api/1.0/orders/import/template', [200, 'external_id,channel\n']]]);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:template');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<UploadCsvOrderScreen />, { session: fakeSession(ALL_ORDER_PERMISSIONS, 'tenant'), language: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar la plantilla' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('external_id,channel\n');
    expect(net.to('GET', '/api/1.0/orders/import/template')[0]?.headers.get('Authorization')).toBe('Bearer tok-2');
  });
});

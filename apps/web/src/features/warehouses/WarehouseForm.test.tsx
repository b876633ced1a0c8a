import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError } from '../../shared/api/http-error';
import { renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import type { Warehouse } from './api';
import { WarehouseForm } from './WarehouseForm';

const stored: Warehouse = {
  id: 'w1', name: 'Reno DC', code: 'RNO-1', provider: 'shipedge', status: 'ACTIVE', address1: null, address2: null, city: 'Reno',
  region: null, postal_code: null, country: null, time_zone: 'UTC', notes: null,
  connection: { driver: 'mysql', host: 'db.test', port: 3306, database: 'wms', username: 'omnio', charset: null, collation: null, has_password: true },
  companies: [], company_ids: [], created_at: '', updated_at: '',
};
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const companies = () => stubFetch([['GET', '/api/1.0/companies', 200, { data: [], total: 0, current_page: 1, per_page: 500, last_page: 1 }]]);

afterEach(() => vi.unstubAllGlobals());

describe('WarehouseForm', () => {
  it('never shows the stored password: an empty field says one is stored and keeps it', async () => {
    companies();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<WarehouseForm warehouse={stored} submitLabel="Save" failure="x" onSubmit={onSubmit} />);
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    expect(password.value).toBe('');
    expect(screen.getByText('A password is stored — leave empty to keep it')).toBeTruthy();

    fill(/^Host/, 'db2.test');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const [body] = onSubmit.mock.calls[0] as unknown as [{ connection: Record<string, unknown> }];
    expect(body.connection).toMatchObject({ host: 'db2.test' });
    expect(body.connection).not.toHaveProperty('password');
  });

  it('clears the stored password when the box is ticked', async () => {
    companies();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<WarehouseForm warehouse={stored} submitLabel="Save" failure="x" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByLabelText('Remove the stored password'));
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const [body] = onSubmit.mock.calls[0] as unknown as [{ connection: Record<string, unknown> }];
    expect(body.connection.password).toBeNull();
  });

  it('checks the port and code before sending, and shows a server 422 under its field', async () => {
    companies();
    const onSubmit = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(
      new HttpError(422, { message: 'Invalid', errors: { code: ['The code has already been taken'] } }),
    );
    renderWithProviders(<WarehouseForm warehouse={null} submitLabel="Create warehouse" failure="Could not create" onSubmit={onSubmit} />);
    fill(/^Name/, 'Reno DC');
    fill(/^Code/, 'bad code');
    fill(/^Port/, '70000');
    fireEvent.click(screen.getByRole('button', { name: 'Create warehouse' }));
    expect(await screen.findByText('The port must be between 1 and 65535')).toBeTruthy();
    expect(screen.getByText('The code may contain only letters, digits, hyphen, underscore and period')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fill(/^Code/, 'RNO-1');
    fill(/^Port/, '3306');
    fireEvent.click(screen.getByRole('button', { name: 'Create warehouse' }));
    expect(await screen.findByText('The code has already been taken')).toBeTruthy();
  });
});

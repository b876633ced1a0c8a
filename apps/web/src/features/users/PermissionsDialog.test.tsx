import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { permissionByName } from '@omnio/domain';
import { PermissionsDialog } from './PermissionsDialog';
import { PermissionsEditor } from './PermissionsEditor';
import { renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import type { UserRow } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const id = (name: string) => permissionByName(name)?.id ?? -1;
const user: UserRow = {
  id: 'u1', name: 'Tess Tenant', email: 'tenant@acme.test', language: 'en', roles: ['tenant'], disabled: false, created_at: '',
};

describe('PermissionsEditor', () => {
  it("choosing 'Read only' for Products selects exactly read-product", () => {
    const onSave = vi.fn();
    renderWithProviders(<PermissionsEditor initial={new Set()} includePlatform={false} saving={false} onCancel={() => {}} onSave={onSave} />);

    fireEvent.change(screen.getByLabelText('Level of Products'), { target: { value: 'read' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledWith([id('read-product')]);
  });

  it('marks a hand-picked mix as custom and shows its checkboxes', () => {
    const onSave = vi.fn();
    renderWithProviders(
      <PermissionsEditor initial={new Set([id('read-product')])} includePlatform={false} saving={false} onCancel={() => {}} onSave={onSave} />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Show the permissions of Products' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Products' })).getByLabelText('create-product'));

    expect(screen.getByText('Custom')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([id('read-product'), id('create-product')]);
  });

  it('searches sections and permission names', () => {
    renderWithProviders(<PermissionsEditor initial={new Set()} includePlatform={false} saving={false} onCancel={() => {}} onSave={() => {}} />);

    fireEvent.change(screen.getByLabelText('Search permissions (section or action)'), { target: { value: 'iloc' } });

    expect(screen.getByLabelText('delete-iloc')).toBeTruthy();
    expect(screen.queryByLabelText('Level of Products')).toBeNull();
  });
});

describe('PermissionsDialog', () => {
  it('loads the user permissions and saves the ids', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/users/u1/information', 200, { data: { id: 'u1', roles: ['tenant'], permissions: [{ id: id('read-order'), name: 'read-order' }] } }],
      ['GET', '/api/1.0/roles/tenant', 200, { data: { name: 'tenant', permissions: [{ id: id('read-product'), name: 'read-product' }] } }],
      ['POST', '/api/1.0/users/u1/assign-permissions', 201, { data: { permissions: [] } }],
    ]);
    const onClose = vi.fn();
    renderWithProviders(<PermissionsDialog user={user} onClose={onClose} />);

    const level = await screen.findByLabelText('Level of Products');
    fireEvent.change(level, { target: { value: 'read_write' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const save = calls.find((c) => c.method === 'POST');
    expect(save?.body).toEqual({
      permissions: [id('read-order'), id('read-product'), id('create-product'), id('update-product'), id('delete-product')].sort((a, b) => a - b),
    });
  });

  it('shows the server message when the permissions cannot be loaded', async () => {
    stubFetch([['GET', '/api/1.0/users/u1/information', 500, { message: 'Database unavailable' }]]);
    renderWithProviders(<PermissionsDialog user={user} onClose={() => {}} />);

    expect(await screen.findByText('Could not show the permissions: Database unavailable')).toBeTruthy();
  });
});

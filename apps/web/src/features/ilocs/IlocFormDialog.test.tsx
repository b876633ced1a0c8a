import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError } from '../../shared/api/http-error';
import { IlocFormDialog } from './IlocFormDialog';
import { renderWithProviders } from '../../shared/test/test-utils';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('IlocFormDialog', () => {
  it('shows the schema errors under their fields and does not submit', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<IlocFormDialog open iloc={null} onClose={() => {}} onSubmit={onSubmit} />);

    fill(/^Code/, 'bad code!');
    fill(/^Country/, 'USA');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The name is required')).toBeTruthy();
    expect(screen.getByText('The code may contain only letters, digits, hyphen and underscore')).toBeTruthy();
    expect(screen.getByText('The country must be a two-letter ISO code')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends blank optional fields as null and the chosen type and status', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    renderWithProviders(<IlocFormDialog open iloc={null} onClose={onClose} onSubmit={onSubmit} />);

    fill(/^Name/, 'Austin DC');
    fill(/^Country/, 'us');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '3pl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Austin DC', type: '3pl', status: 'ACTIVE', country: 'US', city: null, menu: false }),
    );
  });

  it('puts the server 422 field errors under the fields', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(new HttpError(422, { message: 'Invalid data', errors: { code: ['The code has already been taken'] } })),
    );
    renderWithProviders(<IlocFormDialog open iloc={null} onClose={() => {}} onSubmit={onSubmit} />);

    fill(/^Name/, 'Austin DC');
    fill(/^Code/, 'AUS');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The code has already been taken')).toBeTruthy();
  });

  it('speaks Spanish, validation messages included', async () => {
    renderWithProviders(<IlocFormDialog open iloc={null} onClose={() => {}} onSubmit={() => Promise.resolve()} />, { language: 'es' });

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('El nombre es obligatorio')).toBeTruthy();
    expect(screen.getByText('Nueva ubicación de cumplimiento')).toBeTruthy();
  });
});

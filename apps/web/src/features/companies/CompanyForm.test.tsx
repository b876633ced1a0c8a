import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError } from '../../shared/api/http-error';
import { CompanyForm } from './CompanyForm';
import { renderWithProviders } from '../../shared/test/test-utils';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CompanyForm', () => {
  it('shows the schema errors under their fields', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<CompanyForm company={null} submitLabel="Create company" failure="Could not create the company" onSubmit={onSubmit} />);

    fill(/^Subdomain/, 'Acme Outfitters');
    fill(/^Email/, 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Create company' }));

    expect(await screen.findByText('The name is required')).toBeTruthy();
    expect(screen.getByText('The subdomain may contain only lower-case letters, digits and hyphens')).toBeTruthy();
    expect(screen.getByText('The email must be a valid email address')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends blank optional fields as null', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<CompanyForm company={null} submitLabel="Create company" failure="x" onSubmit={onSubmit} />);

    fill(/^Name/, 'Initech');
    fill(/^Country/, 'us');
    fireEvent.click(screen.getByRole('button', { name: 'Create company' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Initech', country: 'US', email: null, subdomain: null }));
  });

  it('puts 422 field errors under the field and other failures in a banner', async () => {
    const onSubmit = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new HttpError(422, { message: 'Invalid', errors: { subdomain: ['The subdomain is already taken'] } }))
      .mockRejectedValueOnce(new HttpError(500, { message: 'Database unavailable' }));
    renderWithProviders(<CompanyForm company={null} submitLabel="Create company" failure="Could not create the company" onSubmit={onSubmit} />);

    fill(/^Name/, 'Initech');
    fireEvent.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('The subdomain is already taken')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Could not create the company: Database unavailable')).toBeTruthy();
  });
});

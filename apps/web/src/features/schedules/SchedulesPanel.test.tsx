import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScheduleDto } from '@omnio/domain';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { SchedulesPanel } from './SchedulesPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const LIST = '/api/1.0/schedules';
const KINDS: FetchRoute = ['GET', '/api/1.0/schedules/job-kinds', [200, { data: [{ kind: 'jobs.cleanup', label: 'Clean up finished background tasks' }] }]];
const nightly: ScheduleDto = {
  id: '11111111-1111-4111-8111-111111111111', name: 'Nightly cleanup', job_kind: 'jobs.cleanup', preset: 'weekdays', cron: '0 0 * * 1-5',
  timezone: 'Europe/Madrid', payload: {}, active: true, next_run_at: '2026-11-23T23:00:00.000Z', last_run_at: null, last_job_id: null,
  created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z',
};

function renderPanel(routes: FetchRoute[], permissions = ['read-users-company', 'update-users-company'], language = 'en') {
  const net = routeFetch([KINDS, ...routes]);
  renderWithProviders(<SchedulesPanel />, { session: fakeSession(permissions, 'tenant'), path: '/advanced?tab=schedules', language });
  return net;
}

describe('schedules panel', { timeout: 20_000 }, () => {
  it('shows the empty state, then creates a schedule from a preset', async () => {
    const net = renderPanel([
      ['GET', LIST, (_c, nth) => [200, { data: nth === 0 ? [] : [nightly] }]],
      ['POST', LIST, [201, { data: nightly }]],
    ]);
    expect(await screen.findByText('No schedules yet.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'New schedule' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Nightly cleanup' } });
    fireEvent.change(within(dialog).getByLabelText(/^Preset/), { target: { value: 'weekdays' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time zone/), { target: { value: 'Europe/Madrid' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule saved', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', LIST)[0]?.body).toEqual({
      name: 'Nightly cleanup', job_kind: 'jobs.cleanup', timezone: 'Europe/Madrid', active: true, preset: 'weekdays', cron: null,
    });
    expect(await screen.findByText('Monday to Friday at midnight', {}, SLOW)).toBeTruthy();
  });

  it('checks a custom expression before sending, and shows the server\'s 422 under its field', async () => {
    const net = renderPanel([
      ['GET', LIST, [200, { data: [] }]],
      ['POST', LIST, [422, { message: 'The given data was invalid.', errors: { cron: ['Hour must be between 0 and 23'] } }]],
    ]);
    fireEvent.click((await screen.findAllByRole('button', { name: 'New schedule' }, SLOW))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Morning' } });
    fireEvent.click(within(dialog).getByLabelText('A cron expression'));
    fireEvent.change(await within(dialog).findByLabelText(/^Cron expression/), { target: { value: '61 * * * *' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Minute must be between 0 and 59', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', LIST)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Cron expression/), { target: { value: '0 6 * * 1-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Hour must be between 0 and 23', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', LIST)[0]?.body).toMatchObject({ cron: '0 6 * * 1-5', preset: null });
  });

  it('pauses with the switch and deletes after confirming', async () => {
    const net = renderPanel([
      ['GET', LIST, [200, { data: [nightly] }]],
      ['PUT', /\/schedules\/.+/, [200, { data: { ...nightly, active: false, next_run_at: null } }]],
      ['DELETE', /\/schedules\/.+/, [204, undefined]],
    ]);
    fireEvent.click(await screen.findByRole('switch', { name: 'Active: Nightly cleanup' }, SLOW));
    await waitFor(() => expect(net.to('PUT', `${LIST}/${nightly.id}`)[0]?.body).toEqual({ active: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Nightly cleanup' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this schedule?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Schedule deleted', {}, SLOW)).toBeTruthy();
    expect(net.to('DELETE', `${LIST}/${nightly.id}`)).toHaveLength(1);
  });

  it('read-only without the write permission; an error state with retry; Spanish', async () => {
    renderPanel([['GET', LIST, [500, { message: 'boom' }]]], ['read-users-company'], 'es');
    expect(await screen.findByText(/No se pudieron cargar las programaciones/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Puede ver las programaciones pero no cambiarlas.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva programación' })).toBeNull();
    expect(screen.getByRole('button', { name: /Reintentar|Retry/ })).toBeTruthy();
  });
});

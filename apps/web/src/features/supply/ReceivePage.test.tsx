import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { ReceivePage } from './ReceivePage';
import { SHIPMENT_ID, shipment } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const ONE = `/api/1.0/supply-shipments/${SHIPMENT_ID}`;

function open(routes: FetchRoute[], language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/asn/process/:id" element={<ReceivePage />} />
    </Routes>,
    { session: fakeSession(['read-asn', 'update-asn', 'read-purchase-order'], 'tenant'), path: `/asn/process/${SHIPMENT_ID}`, language },
  );
  return net;
}

describe('ReceivePage', { timeout: 30_000 }, () => {
  it('receives one line short and closes: the body counts every line, then the discrepancy shows in words', async () => {
    const received = shipment({
      status: 'discrepancy', qty_received: 9, has_discrepancy: true, allowed_actions: ['receive'],
      lines: shipment().lines.map((l, i) =>
        i === 0 ? { ...l, qty_good: 3, qty_hurt: 1, qty_received: 4, discrepancy: -2 } : { ...l, qty_good: 5, qty_received: 5, discrepancy: 0 },
      ),
    });
    const net = open([
      ['GET', ONE, (_c, nth) => [200, { data: nth === 0 ? shipment() : received }]],
      ['POST', `${ONE}/receive`, [200, { data: received }]],
    ]);
    expect(await screen.findByRole('heading', { name: 'Receive ASN-1' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark arrived' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    expect((screen.getByLabelText('Good TEE-M') as HTMLInputElement).value).toBe('6');
    expect((screen.getByLabelText('Good CAP-1') as HTMLInputElement).value).toBe('5');

    fireEvent.change(screen.getByLabelText('Good TEE-M'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Damaged TEE-M'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive and close' }));
    await waitFor(() => expect(net.to('POST', `${ONE}/receive`)).toHaveLength(1));
    expect(net.to('POST', `${ONE}/receive`)[0]!.body).toEqual({
      lines: [{ line_id: 'sl1', good: 3, hold: 0, hurt: 1 }, { line_id: 'sl2', good: 5, hold: 0, hurt: 0 }],
      close: true,
    });

    const outcome = await screen.findByRole('region', { name: 'What arrived' }, SLOW);
    expect(within(outcome).getByText('Received quantities differ from what was expected on 1 line(s). They are recorded below.')).toBeTruthy();
    expect(within(within(outcome).getByTestId('outcome-TEE-M')).getByText('Short by 2')).toBeTruthy();
    expect(within(within(outcome).getByTestId('outcome-CAP-1')).getByText('As expected')).toBeTruthy();
    expect(screen.getAllByText('Discrepancy').length).toBeGreaterThan(0);
    // Late units may still come, behind a button so the outcome reads first.
    expect(screen.queryByRole('button', { name: 'Receive and close' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Receive late units' }));
    expect((await screen.findByLabelText('Good TEE-M') as HTMLInputElement).value).toBe('2');
  });

  it('keeps a receipt open, warning of an over-receipt per line; a negative count is refused before sending', async () => {
    const net = open([
      ['GET', ONE, [200, { data: shipment({ status: 'arrived', allowed_actions: ['receive'] }) }]],
      ['POST', `${ONE}/receive`, [200, { data: shipment({ status: 'processing', allowed_actions: ['receive'] }) }]],
    ]);
    await screen.findByRole('heading', { name: 'Receive ASN-1' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Mark arrived' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Hold CAP-1'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive, keep open' }));
    expect(await screen.findByText('Use a whole number, 0 or more')).toBeTruthy();
    expect(net.to('POST', `${ONE}/receive`)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Hold CAP-1'), { target: { value: '2' } });
    // 5 good (the default) and 2 on hold where 5 are expected: warned on that line before receiving.
    expect(screen.getByRole('alert', { name: 'CAP-1: Over by 2' }).textContent).toContain('2 more than expected');
    expect(screen.queryByRole('alert', { name: /^TEE-M/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Receive, keep open' }));
    await waitFor(() => expect(net.to('POST', `${ONE}/receive`)).toHaveLength(1));
    expect((net.to('POST', `${ONE}/receive`)[0]!.body as { close: boolean }).close).toBe(false);
  });

  it('a draft cannot be received, in Spanish; a missing shipment says so', async () => {
    open([['GET', ONE, [200, { data: shipment({ status: 'draft', allowed_actions: ['ship', 'cancel', 'edit'] }) }]]], 'es');
    expect(await screen.findByText('Este envío está Borrador: ahora no hay nada que recibir.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Recibir y cerrar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it('says when the shipment is missing', async () => {
    open([['GET', ONE, [404, { message: 'Not found' }]]]);
    expect(await screen.findByText('Not found: it does not exist or you cannot see it', {}, SLOW)).toBeTruthy();
  });
});

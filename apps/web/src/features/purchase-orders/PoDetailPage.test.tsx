import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { poAllowedActions } from '@omnio/domain';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { PoDetailPage } from './PoDetailPage';
import type { PoShipment } from './api';
import { ALL_PO_PERMISSIONS, PO_ID, poLine, purchaseOrder } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ONE = `/api/1.0/purchase-orders/${PO_ID}`;
const SLOW = { timeout: 8000 };

function renderDetail(routes: FetchRoute[], permissions = ALL_PO_PERMISSIONS, language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/purchase-order/show/:id" element={<PoDetailPage />} />
      <Route path="/po-edit/:poId" element={<p>edit screen</p>} />
      <Route path="/purchase-order/shipments/:poId/:shipmentId" element={<p>asn screen</p>} />
    </Routes>,
    { session: fakeSession(permissions, 'tenant'), path: `/purchase-order/show/${PO_ID}`, language },
  );
  return net;
}

const toolbarButtons = async (name = 'Purchase order actions') => {
  const toolbar = await screen.findByRole('toolbar', { name }, SLOW);
  return within(toolbar).getAllByRole('button').map((b) => b.textContent);
};

describe('purchase order detail', { timeout: 20_000 }, () => {
  it('shows the PO: status, lines, totals, notes to warehouse and supplier', async () => {
    renderDetail([['GET', ONE, [200, { data: purchaseOrder() }]]]);
    expect(await screen.findByRole('heading', { name: 'Purchase order PO-1001', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0);
    expect(screen.getByText('TEE-RED-M')).toBeTruthy();
    expect(screen.getByTestId('po-total').textContent).toMatch(/USD\s?650\.00/);
    expect(screen.getByText('Dock 4 only')).toBeTruthy();
    expect(screen.getByText('Please label every box')).toBeTruthy();
  });

  it('draws buttons from allowed_actions only', async () => {
    renderDetail([['GET', ONE, [200, { data: purchaseOrder({ status: 'sent', allowed_actions: ['email', 'cancel'] }) }]]]);
    expect(await toolbarButtons()).toEqual(['E-mail again', 'Cancel purchase order']);
  });

  it('a completed PO offers no action at all', async () => {
    renderDetail([['GET', ONE, [200, { data: purchaseOrder({ status: 'completed', allowed_actions: [] }) }]]]);
    await screen.findByRole('heading', { name: 'Purchase order PO-1001', level: 1 }, SLOW);
    expect(screen.queryByRole('toolbar', { name: 'Purchase order actions' })).toBeNull();
  });

  it('a removed or discontinued SKU is flagged and blocks Confirm', async () => {
    const lines = [poLine({ sku_status: 'discontinued' })];
    renderDetail([['GET', ONE, [200, { data: purchaseOrder({ lines }) }]]]);
    expect((await screen.findByTestId('po-blocked-skus', {}, SLOW)).textContent).toContain('TEE-RED-M is discontinued.');
    expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Edit' }).hasAttribute('disabled')).toBe(false);
  });

  it('submit posts the action and tells where the e-mail went', async () => {
    const open = purchaseOrder({ status: 'open', allowed_actions: poAllowedActions('open', ALL_PO_PERMISSIONS) });
    const sent = purchaseOrder({ status: 'sent', allowed_actions: poAllowedActions('sent', ALL_PO_PERMISSIONS) });
    const net = renderDetail([
      ['GET', ONE, (_c, nth) => [200, { data: nth === 0 ? open : sent }]],
      ['POST', `${ONE}/submit`, [200, { data: sent, email: { job_id: 'j1' } }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit to supplier' }, SLOW));
    expect(await screen.findByText('Purchase order PO-1001 submitted: e-mail sent to orders@northwind.test', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${ONE}/submit`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'E-mail again' }, SLOW)).toBeTruthy();
  });

  it("a refused confirm shows the server's reason naming the SKU", async () => {
    renderDetail([
      ['GET', ONE, [200, { data: purchaseOrder() }]],
      ['POST', `${ONE}/confirm`, [409, { code: 'INVALID_TRANSITION', from: 'draft', action: 'confirm', message: 'The SKU TEE-RED-M was removed' }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }, SLOW));
    expect(await screen.findByText('The SKU TEE-RED-M was removed', {}, SLOW)).toBeTruthy();
  });

  it('cancel asks first, then posts cancel', async () => {
    const net = renderDetail([
      ['GET', ONE, [200, { data: purchaseOrder({ status: 'sent', allowed_actions: ['cancel'] }) }]],
      ['POST', `${ONE}/cancel`, [200, { data: purchaseOrder({ status: 'cancelled', allowed_actions: [] }) }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel purchase order' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel purchase order PO-1001?' }, SLOW);
    expect(net.to('POST', `${ONE}/cancel`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel purchase order' }));
    expect(await screen.findByText('Purchase order PO-1001 cancelled', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${ONE}/cancel`)).toHaveLength(1);
  });

  it('Create ASN opens the shipment screen for a new ASN; shipments link to receiving and to the carrier', async () => {
    const shipments: PoShipment[] = [
      { id: 's1', asn_number: 'ASN-1', status: 'in_transit', carrier: 'UPS', tracking_number: '1Z999AA10123456784', ship_date: '2026-11-20', qty_expected: 100, qty_received: 0, has_discrepancy: false },
    ];
    renderDetail([['GET', ONE, [200, { data: purchaseOrder({ status: 'confirmed', allowed_actions: ['ship'], shipments }) }]]]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Shipments (1)' }, SLOW));
    expect(screen.getByRole('link', { name: 'Receive ASN ASN-1' }).getAttribute('href')).toBe('/asn/process/s1');
    const track = screen.getByRole('link', { name: 'Track 1Z999AA10123456784 on the carrier’s site (opens a new tab)' });
    expect(track.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(track.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Create ASN' }));
    expect(await screen.findByText('asn screen', {}, SLOW)).toBeTruthy();
  });

  it('another tenant’s PO is a 404: said plainly, no retry', async () => {
    renderDetail([['GET', ONE, [404, { message: 'Not found' }]]]);
    expect(await screen.findByText('This purchase order does not exist.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    renderDetail([['GET', ONE, [200, { data: purchaseOrder() }]]], ALL_PO_PERMISSIONS, 'es');
    expect(await screen.findByRole('heading', { name: 'Orden de compra PO-1001', level: 1 }, SLOW)).toBeTruthy();
    expect(await toolbarButtons('Acciones de la orden de compra')).toEqual(['Confirmar', 'Editar', 'Cancelar orden de compra']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { EdiDocumentDetailDto, EdiDocumentDto } from '@omnio/domain';
import { fakeSession, renderWithProviders } from '../../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../../shared/test/test-fetch';
import { ConnectionPage } from '../ConnectionPage';
import { API, catalogEntry, processItem } from '../test-fixtures';
import { EdiDocumentLog } from './EdiDocumentLog';
import { rawLines } from './EdiDocumentDialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const DOCS = `${API}/processes/p1/edi/documents`;

const doc = (over: Partial<EdiDocumentDto>): EdiDocumentDto => ({
  id: 'd1', process_id: 'p1', direction: 'in', doc_type: '850', file_name: 'PO_20261102.edi', interchange_control: '000000101',
  group_control: '101', set_controls: ['0001'], status: 'imported', ack_status: 'A', acked_at: null, due_at: null, delivered_at: null,
  error: null, order_ids: ['o1'], shipment_id: null, counts: { sets: 2, created: 1, duplicates: 1, failed: 0 }, size: 812,
  created_at: '2026-11-02T10:00:00Z', ...over,
});

const PO = doc({});
const ASN = doc({
  id: 'd2', direction: 'out', doc_type: '856', file_name: 'SH000000007.edi', interchange_control: '000000007', status: 'accepted',
  ack_status: 'A', delivered_at: '2026-11-03T09:00:00Z', order_ids: ['o1'], counts: { sets: 1, created: 0, duplicates: 0, failed: 0 },
});
const ACK855 = doc({
  id: 'd3', direction: 'out', doc_type: '855', file_name: null, interchange_control: '000000006', status: 'sent', ack_status: null,
  delivered_at: null, counts: { sets: 1, created: 0, duplicates: 0, failed: 0 },
});
const LATE810 = doc({
  id: 'd4', direction: 'out', doc_type: '810', interchange_control: '000000008', status: 'overdue', ack_status: null,
  delivered_at: '2026-11-03T09:00:00Z', counts: { sets: 1, created: 0, duplicates: 0, failed: 0 },
});
const FA = doc({ id: 'd5', direction: 'in', doc_type: '997', interchange_control: '000000555', status: 'acknowledged', ack_status: null, order_ids: [], counts: { sets: 1, created: 0, duplicates: 0, failed: 0 } });

const RAW = 'ISA*00*          *00*          *01*123456789      *ZZ*OMNIOVENDOR    *261102*1000*U*00401*000000101*0*P*>~'
  + 'GS*PO*123456789*OMNIOVENDOR*20261102*1000*101*X*004010~ST*850*0001~BEG*00*DS*PO-7788**20261102~SE*3*0001~GE*1*101~IEA*1*000000101~';

const DETAIL: EdiDocumentDetailDto = {
  ...PO,
  raw: RAW,
  orders: [{ id: 'o1', number: 'AC-1007', external_id: 'PO-7788' }],
  issues: [{ code: 'duplicate_po', message: 'PO-7787 was imported before', set_control: '0002', segment: 'BEG', position: 4 }],
  readable: [{
    set_id: '850', control: '0001',
    segments: [
      { segment: 'ST', name: 'Transaction set header', elements: [{ position: 'ST01', name: 'Transaction set id', value: '850' }] },
      { segment: 'BEG', name: 'Beginning segment for purchase order', elements: [
        { position: 'BEG01', name: 'Purpose code', value: '00', meaning: 'Original' },
        { position: 'BEG02', name: 'PO type', value: 'DS', meaning: 'Drop ship' },
        { position: 'BEG03', name: 'PO number', value: 'PO-7788' },
      ] },
    ],
  }],
  related: [{ id: 'd5', doc_type: '997', direction: 'out', status: 'sent', interchange_control: '000000102' }],
  ack_details: [{ set_id: '850', control: '0002', status: 'R', errors: [{ segment: 'BEG', position: 2, code: '8', element: 3, element_code: '7', bad_value: 'PO-7787' }] }],
};

const ACK_DETAIL: EdiDocumentDetailDto = {
  ...FA, raw: 'ISA*...~', orders: [], issues: [], readable: [], ack_details: null,
  related: [{ id: 'd1', doc_type: '850', direction: 'in', status: 'imported', interchange_control: '000000101' }],
};

function renderLog(routes: FetchRoute[], language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/p" element={<EdiDocumentLog processId="p1" />} />
    </Routes>,
    { session: fakeSession(['read-process'], 'tenant'), path: '/p', language },
  );
  return net;
}

describe('EdiDocumentLog', { timeout: 30_000 }, () => {
  it('lists the documents with their direction, status and 997 state, and filters by direction, type and status', async () => {
    const net = renderLog([['GET', DOCS, [200, page([PO, ASN, ACK855, LATE810, FA])]]]);
    const grid = await screen.findByRole('grid', { name: 'EDI documents' }, SLOW);
    expect(await within(grid).findByText('850 Purchase order', {}, SLOW)).toBeTruthy();
    const row = (name: RegExp) => within(grid).getByRole('button', { name }).closest('[role="row"]') as HTMLElement;

    const po = row(/^Open 850 Purchase order 000000101/);
    expect(within(po).getByText('In')).toBeTruthy();
    expect(within(po).getByText('Imported')).toBeTruthy();
    expect(within(po).getByText('Our 997: Accepted')).toBeTruthy();
    expect(within(po).getByText('1 created · 1 duplicates · 0 failed')).toBeTruthy();
    expect(within(po).getByText('PO_20261102.edi')).toBeTruthy();

    const asn = row(/^Open 856 Ship notice/);
    expect(within(asn).getByText('Out')).toBeTruthy();
    expect(within(asn).getAllByText('Accepted')).toHaveLength(2);
    expect(within(row(/^Open 855 PO acknowledgement/)).getByText('Not delivered yet')).toBeTruthy();
    const invoice = row(/^Open 810 Invoice/);
    expect(within(invoice).getAllByText('Overdue')).toHaveLength(2);
    expect(within(row(/^Open 997 Functional ack/)).getByText('Acknowledged')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'out' } });
    fireEvent.change(screen.getByLabelText('Document'), { target: { value: '856' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'accepted' } });
    await vi.waitFor(() => {
      const last = net.to('GET', DOCS).at(-1)!.url.searchParams;
      expect([last.get('direction'), last.get('doc_type'), last.get('status'), last.get('page')]).toEqual(['out', '856', 'accepted', '1']);
    }, SLOW);
  });

  it('opens a document: facts, issues, the 997 details, the readable view, the raw text, its orders and related documents', async () => {
    renderLog([
      ['GET', DOCS, [200, page([PO, FA])]],
      ['GET', `${DOCS}/d1`, [200, { data: DETAIL }]],
      ['GET', `${DOCS}/d5`, [200, { data: ACK_DETAIL }]],
    ]);
    const grid = await screen.findByRole('grid', { name: 'EDI documents' }, SLOW);
    fireEvent.click(await within(grid).findByRole('button', { name: /^Open 850 Purchase order 000000101/ }, SLOW));

    const dialog = await screen.findByRole('dialog', { name: '850 Purchase order · ISA13 000000101' }, SLOW);
    expect(within(dialog).getByText('PO-7787 was imported before')).toBeTruthy();
    expect(within(dialog).getByText('set 0002, segment BEG, position 4')).toBeTruthy();
    expect(within(dialog).getByText('BEG at 2: code 8 · element 3 code 7 · value “PO-7787”')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Order AC-1007 (PO-7788)' }).getAttribute('href')).toBe('/orders/edit/o1');

    const readable = within(dialog).getByRole('table', { name: 'Set 850 · control 0001' });
    const drop = within(readable).getByText('Drop ship').closest('tr') as HTMLElement;
    expect([...drop.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['', '', 'BEG02', 'PO type', 'DS', 'Drop ship']);
    expect(within(readable).getByText('Beginning segment for purchase order')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Raw' }));
    const raw = within(dialog).getByLabelText('Raw X12');
    const lines = raw.textContent!.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[3]).toBe('BEG*00*DS*PO-7788**20261102~');
    expect(within(dialog).getByRole('button', { name: 'Copy raw text' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '997 Functional ack · ISA13 000000102' }));
    expect(await screen.findByRole('dialog', { name: '997 Functional ack · ISA13 000000555' }, SLOW)).toBeTruthy();
    expect(screen.getByText('This document could not be read segment by segment; see Raw.')).toBeTruthy();
  });

  it('says when nothing was exchanged yet, and when the log cannot be read', async () => {
    renderLog([['GET', DOCS, [200, page([])]]]);
    expect(await screen.findByText('No documents exchanged yet — run Import orders to poll the mailbox', {}, SLOW)).toBeTruthy();
  });

  it('shows a failure with a retry, in Spanish', async () => {
    renderLog([['GET', DOCS, [500, { message: 'Server error' }]]], 'es');
    expect(await screen.findByText(/No se pudieron cargar los documentos: Server error/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

describe('rawLines', () => {
  it('breaks an interchange after its own segment terminator, whatever it is', () => {
    const bang = RAW.replaceAll('~', '!');
    expect(rawLines(bang).split('\n')[2]).toBe('ST*850*0001!');
    expect(rawLines(RAW.replaceAll('~', '~\r\n')).split('\n')).toHaveLength(7);
    expect(rawLines('not x12')).toBe('not x12');
  });
});

describe('/connections/:id of an EDI partner', { timeout: 30_000 }, () => {
  it('shows its document log and the mailbox a test reached, and no webhook URLs', async () => {
    const partner = processItem({
      id: 'p1', name: 'Acme Retail', driver: 'edi-x12',
      credentials: { sftp_host: true, username: true, password: true, inbound_dir: true, outbound_dir: true },
      settings: {},
      actions: { import_orders: { active: true, schedule: '*/15 * * * *', options: {} }, update_tracking: { active: true, schedule: null, options: {} }, sync_inventory: { active: false, schedule: null, options: {} } },
      supported_actions: ['import_orders', 'update_tracking', 'sync_inventory'],
    });
    routeFetch([
      ['GET', `${API}/services/catalog`, [200, page([catalogEntry('edi-x12', 'EDI trading partner (X12)', { category: 'edi' })])]],
      ['GET', `${API}/tenants/c1/ilocs`, [200, page([])]],
      ['GET', `${API}/processes/p1`, [200, { data: partner }]],
      ['GET', `${API}/processes/p1/runs`, [200, page([])]],
      ['GET', DOCS, [200, page([ASN])]],
      ['POST', `${API}/processes/p1/test`, [200, { data: { ok: true, mailbox: { protocol: 'sftp', host: 'sftp.acme-retail.test', host_key_sha256: 'SHA256:abc', inbound_files: 2, outbound_files: 0 } } }]],
    ]);
    renderWithProviders(
      <Routes><Route path="/connections/:id" element={<ConnectionPage />} /></Routes>,
      { session: fakeSession(['read-process', 'update-process'], 'tenant'), path: '/connections/p1' },
    );
    const documents = await screen.findByRole('region', { name: 'Documents' }, SLOW);
    expect(await within(documents).findByText('856 Ship notice', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Webhook/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Mailbox: SFTP sftp.acme-retail.test', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('2 files waiting in the inbound folder, 0 in the outbound folder')).toBeTruthy();
  });
});

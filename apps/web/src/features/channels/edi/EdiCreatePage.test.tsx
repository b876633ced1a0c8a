import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { fakeSession, renderWithProviders } from '../../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../../shared/test/test-fetch';
import { IntegrationsPage } from '../IntegrationsPage';
import { API, catalogEntry, ILOC_A, processItem } from '../test-fixtures';
import { EdiCreatePage } from './EdiCreatePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const ILOCS: FetchRoute = ['GET', `${API}/tenants/c1/ilocs`, [200, page([{ id: ILOC_A, name: 'Austin main', code: 'AUS-MAIN' }])]];

function Landed() {
  return <div data-testid="landed">{useLocation().pathname}</div>;
}

function renderPage(preset: 'x12' | 'commercehub' | 'spscommerce', routes: FetchRoute[], language = 'en') {
  const net = routeFetch([ILOCS, ...routes]);
  renderWithProviders(
    <Routes>
      <Route path="/setup" element={<EdiCreatePage preset={preset} />} />
      <Route path="/connections/:id" element={<Landed />} />
    </Routes>,
    { session: fakeSession(['create-process', 'read-process'], 'tenant'), path: '/setup', language },
  );
  return net;
}

const region = (name: string) => screen.getByRole('region', { name });
const input = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label) as HTMLInputElement;
const type = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(input(scope, label), { target: { value } });

/** Everything a partner needs, typed as a seller would. */
function fillRequired() {
  type(region('Partner'), /^Partner name/, 'Acme Retail');
  const mailbox = region('Mailbox');
  type(mailbox, /^Host/, 'sftp.acme-retail.test');
  type(mailbox, /^User name/, 'omnio');
  type(mailbox, /^Password/, ' s3cret ');
  const ids = region('Identifiers');
  type(ids, /^Our ISA qualifier/, 'zz');
  type(ids, /^Our ISA id/, 'OMNIOVENDOR');
  type(ids, /^Partner ISA qualifier/, '01');
  type(ids, /^Partner ISA id/, '123456789');
}

describe('EdiCreatePage', { timeout: 20_000 }, () => {
  it('starts from the route’s network and a new network fills its protocol, port and folders', async () => {
    renderPage('commercehub', []);
    const partner = await screen.findByRole('region', { name: 'Partner' }, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Connect CommerceHub' })).toBeTruthy();
    const mailbox = region('Mailbox');
    expect(input(mailbox, /^Inbound folder/).value).toBe('/outgoing/orders');
    expect(input(mailbox, /^Outbound folder/).value).toBe('/incoming/confirms');
    expect(within(partner).getByTestId('preset-note').textContent).toMatch(/CommerceHub \(Rithum\) drop-ship/);

    fireEvent.change(input(mailbox, /^Port/), { target: { value: '2222' } });
    fireEvent.change(input(partner, /^Network/), { target: { value: 'spscommerce' } });
    expect(input(mailbox, /^Inbound folder/).value).toBe('/out');
    expect(input(mailbox, /^Outbound folder/).value).toBe('/in');
    expect(input(mailbox, /^Port/).value).toBe('22');
    expect(within(partner).getByTestId('preset-note').textContent).toMatch(/SPS Commerce hosted SFTP/);

    // FTP listens on 21 unless the partner said otherwise.
    fireEvent.change(input(mailbox, /^Protocol/), { target: { value: 'ftp' } });
    expect(input(mailbox, /^Port/).value).toBe('21');
  });

  it('checks the fields before sending: required ones, ISA qualifiers, the GS1 prefix and the 997 window', async () => {
    const net = renderPage('x12', []);
    await screen.findByRole('region', { name: 'Partner' }, SLOW);
    const ids = region('Identifiers');
    type(ids, /^Our ISA qualifier/, 'Z');
    type(region('Documents'), /^GS1 company prefix/, '12AB');
    type(region('Documents'), /^997 window/, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create partner' }));

    expect(await within(region('Partner')).findByText('The name is required', {}, SLOW)).toBeTruthy();
    // Host, user, password; our and the partner's ISA id.
    expect(within(region('Mailbox')).getAllByText('This field is required')).toHaveLength(3);
    expect(within(ids).getByText('Two letters or digits, like ZZ or 01')).toBeTruthy();
    expect(within(ids).getAllByText('This field is required')).toHaveLength(2);
    expect(within(region('Documents')).getByText('Your GS1 company prefix: 7 to 10 digits')).toBeTruthy();
    expect(within(region('Documents')).getByText('Between 1 and 720')).toBeTruthy();
    expect(net.to('POST', `${API}/processes`)).toHaveLength(0);
  });

  it('says it in Spanish', async () => {
    renderPage('x12', [], 'es');
    await screen.findByRole('region', { name: 'Socio' }, SLOW);
    type(region('Identificadores'), /^Nuestro calificador ISA/, '!');
    fireEvent.click(screen.getByRole('button', { name: 'Crear socio' }));
    expect(await within(region('Socio')).findByText('El nombre es obligatorio', {}, SLOW)).toBeTruthy();
    expect(within(region('Identificadores')).getByText('Dos letras o dígitos, como ZZ o 01')).toBeTruthy();
  });

  it('posts the partner with its mailbox, identities, rules and actions, then opens its connection page', async () => {
    const net = renderPage('spscommerce', [
      ['POST', `${API}/processes`, [201, { data: { ...processItem({ id: 'p9', name: 'Acme Retail', driver: 'edi-x12' }), webhook_secret: 'whsec_X' } }]],
    ]);
    await screen.findByRole('region', { name: 'Partner' }, SLOW);
    fillRequired();
    const docs = region('Documents');
    fireEvent.click(within(docs).getByLabelText('Send an 810 invoice with each 856 ship notice'));
    type(docs, /^846 quantity qualifier/, '17');
    type(docs, /^GS1 company prefix/, '0614141');
    type(docs, /^Vendor id/, 'V-100');
    type(docs, /^Usage/, 'T');
    type(docs, /^997 window/, '48');
    type(region('Identifiers'), /^Partner GS id/, 'ACMEGS');
    const stock = screen.getByRole('group', { name: 'Inventory advice (846 out)' });
    fireEvent.click(within(stock).getByLabelText('Inventory advice (846 out) active'));
    type(stock, /^Reserve/, '10');

    fireEvent.click(screen.getByRole('button', { name: 'Create partner' }));
    expect((await screen.findByTestId('landed', {}, SLOW)).textContent).toBe('/connections/p9');
    expect(net.to('POST', `${API}/processes`)[0]!.body).toEqual({
      name: 'Acme Retail',
      driver: 'edi-x12',
      credentials: {
        sftp_host: 'sftp.acme-retail.test', sftp_port: '22', username: 'omnio', password: ' s3cret ', inbound_dir: '/out', outbound_dir: '/in',
      },
      settings: {
        edi_preset: 'spscommerce', file_format: 'x12', mailbox_protocol: 'sftp',
        isa_qualifier: 'ZZ', isa_id: 'OMNIOVENDOR', partner_isa_qualifier: '01', partner_isa_id: '123456789', partner_gs_id: 'ACMEGS',
        usage_indicator: 'T', ack_window_hours: 48, gs1_company_prefix: '0614141', vendor_id: 'V-100',
        send_855: true, send_810: true, inventory_qty_qualifier: '17',
      },
      actions: {
        import_orders: { active: true, schedule: '*/15 * * * *', options: {} },
        update_tracking: { active: true },
        sync_inventory: { active: true, schedule: 'daily', options: { reserve_percentage: 10 } },
      },
    });
  });

  it('puts the server’s 422s on their fields, and a mailbox already in use on the host', async () => {
    const net = renderPage('x12', [
      ['POST', `${API}/processes`, (_call, nth) => nth === 0
        ? [422, { message: 'The given data was invalid.', errors: { 'settings.isa_id': ['Taken by another partner'], 'actions.import_orders.options.iloc_id': ['Unknown iloc'] } }]
        : [422, { message: 'service already installed', errors: { credentials: ['service already installed'] } }]],
    ]);
    await screen.findByRole('region', { name: 'Partner' }, SLOW);
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create partner' }));
    expect(await within(region('Identifiers')).findByText('Taken by another partner', {}, SLOW)).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Import orders (850 in, 997 and 855 out)' })).getByText('Unknown iloc')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create partner' }));
    expect(await within(region('Mailbox')).findByText(/Another connection already reads this mailbox/, {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${API}/processes`)).toHaveLength(2);
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});

describe('/integrations offers the EDI partners', { timeout: 20_000 }, () => {
  it('opens the X12 screen for edi-x12 and the network presets for CommerceHub and SPS Commerce', async () => {
    routeFetch([
      ['GET', `${API}/services/catalog`, [200, page([
        catalogEntry('amazon', 'Amazon', { category: 'marketplace' }),
        catalogEntry('commercehub', 'CommerceHub', { category: 'edi' }),
        catalogEntry('spscommerce', 'SPS Commerce', { category: 'edi' }),
        catalogEntry('edi-x12', 'EDI trading partner (X12)', { category: 'edi' }),
      ])]],
      ['GET', `${API}/processes`, [200, page([processItem({ id: 'p7', driver: 'edi-x12' })])]],
    ]);
    renderWithProviders(<IntegrationsPage />, { session: fakeSession(['create-process', 'read-process', 'read-users-company'], 'tenant'), path: '/integrations' });
    const href = async (name: string) => (await screen.findByRole('link', { name: `Connect ${name}` }, SLOW)).getAttribute('href');
    expect(await href('EDI trading partner (X12)')).toBe('/services/edi-create');
    expect(await href('CommerceHub')).toBe('/services/commercehub-create');
    expect(await href('SPS Commerce')).toBe('/services/spscommerce-create/spscommerce');
    expect(screen.queryByRole('link', { name: 'Connect Amazon' })).toBeNull();
    expect(await screen.findByText('1 connected', {}, SLOW)).toBeTruthy();
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../session/session-context';
import { fakeSession, stubFetch } from '../test/test-utils';
import { RealtimeProvider } from './RealtimeProvider';
import { useRealtimeEvent } from './realtime';
import { useRealtimeStatus } from './realtime-status';

// socket.io-client is the third party here: a stand-in server side of the socket, so the test can push
// events and answer joins the way the real server does.
type Listener = (...args: unknown[]) => void;
class FakeSocket {
  handlers = new Map<string, Listener[]>();
  anyHandlers: Listener[] = [];
  joins: string[] = [];
  connected = false;
  active = true;
  disconnect = vi.fn(() => {
    this.connected = false;
  });
  connect = vi.fn();
  on(event: string, fn: Listener) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  onAny(fn: Listener) {
    this.anyHandlers.push(fn);
    return this;
  }
  offAny() {
    this.anyHandlers = [];
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  timeout() {
    return this;
  }
  emitWithAck(_event: string, payload: { channel: string }) {
    this.joins.push(payload.channel);
    return Promise.resolve({ ok: !payload.channel.includes('denied'), channel: payload.channel });
  }
  /** The server's side: a handshake that succeeds, then events. */
  serverConnects() {
    this.connected = true;
    for (const fn of this.handlers.get('connect') ?? []) fn();
  }
  serverRefuses() {
    this.active = false;
    for (const fn of this.handlers.get('connect_error') ?? []) fn(new Error('Unauthenticated.'));
  }
  serverEmits(event: string, data: unknown) {
    for (const fn of this.anyHandlers) fn(event, data);
  }
}

const sockets: FakeSocket[] = [];
const ioMock = vi.fn((_opts: unknown) => {
  const s = new FakeSocket();
  sockets.push(s);
  return s;
});
vi.mock('socket.io-client', () => ({ io: (opts: unknown) => ioMock(opts) }));

function Probe() {
  const status = useRealtimeStatus();
  useRealtimeEvent('notification-event', (data) => {
    document.body.dataset.notification = JSON.stringify(data);
  });
  useRealtimeEvent('not-dispatched', () => {
    document.body.dataset.leak = 'yes';
  });
  return <p>status:{status}</p>;
}

function renderWith(session: SessionValue) {
  return render(
    <SessionContext.Provider value={session}>
      <RealtimeProvider>
        <Probe />
      </RealtimeProvider>
    </SessionContext.Provider>,
  );
}

const signedOut: SessionValue = { ...fakeSession([]), user: null, role: null, company: null };

describe('RealtimeProvider', () => {
  beforeEach(() => {
    sockets.length = 0;
    ioMock.mockClear();
    delete document.body.dataset.notification;
    delete document.body.dataset.leak;
  });
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('opens no connection when nobody is signed in', () => {
    window.localStorage.setItem('access_token', 'tok');
    renderWith(signedOut);
    expect(ioMock).not.toHaveBeenCalled();
    expect(screen.getByText('status:none')).toBeTruthy();
  });

  it('connects with the stored token, joins the user and company channels, dispatches -event names, and disconnects on sign-out', async () => {
    window.localStorage.setItem('access_token', 'tok-1');
    const session = fakeSession([], 'tenant');
    const view = renderWith(session);
    expect(screen.getByText('status:loading')).toBeTruthy();
    const options = ioMock.mock.calls[0]![0] as { path: string; auth: (cb: (a: unknown) => void) => void };
    expect(options.path).toBe('/socket.io');
    const auth = vi.fn();
    options.auth(auth);
    expect(auth).toHaveBeenCalledWith({ token: 'tok-1' });

    const socket = sockets[0]!;
    await act(async () => socket.serverConnects());
    expect(socket.joins).toEqual(['Omnio.User.me', 'Omnio.Tenant.c1']);
    expect(screen.getByText('status:connected')).toBeTruthy();

    act(() => {
      socket.serverEmits('notification-event', { id: 'n1' });
      socket.serverEmits('not-dispatched', {});
    });
    expect(document.body.dataset.notification).toBe('{"id":"n1"}');
    expect(document.body.dataset.leak).toBeUndefined();

    view.rerender(
      <SessionContext.Provider value={signedOut}>
        <RealtimeProvider>
          <Probe />
        </RealtimeProvider>
      </SessionContext.Provider>,
    );
    expect(socket.disconnect).toHaveBeenCalled();
    expect(screen.getByText('status:none')).toBeTruthy();
  });

  it('does not ask a supplier user\'s socket to join the company channel', async () => {
    window.localStorage.setItem('access_token', 'tok-2');
    renderWith(fakeSession([], 'supplier'));
    await act(async () => sockets[0]!.serverConnects());
    expect(sockets[0]!.joins).toEqual(['Omnio.User.me']);
  });

  it('when the server refuses the token, refreshes it once and reconnects with the new one', async () => {
    window.localStorage.setItem('access_token', 'old');
    window.localStorage.setItem('refresh_token', 'r1');
    const calls = stubFetch([['POST', '/oauth/token', 200, { access_token: 'new', refresh_token: 'r2', token_type: 'Bearer', expires_in: 3600 }]]);
    renderWith(fakeSession([], 'tenant'));
    const options = ioMock.mock.calls[0]![0] as { auth: (cb: (a: unknown) => void) => void };
    options.auth(() => undefined);
    const socket = sockets[0]!;
    act(() => socket.serverRefuses());
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalled(), { timeout: 3_000 });
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/oauth/token', body: expect.objectContaining({ grant_type: 'refresh_token', refresh_token: 'r1' }) })]);
    const auth = vi.fn();
    options.auth(auth);
    expect(auth).toHaveBeenCalledWith({ token: 'new' });
  });
});

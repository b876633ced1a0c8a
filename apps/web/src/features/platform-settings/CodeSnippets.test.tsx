import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import type { SessionValue } from '../../shared/session/session-context';
import { CodeSnippets, loadSnippets, resetLoadedSnippets, snippetSrc } from './CodeSnippets';
import { useCodesClient } from './api';

/** Mounted beside CodeSnippets: once it shows, the client has run the mount's queries, so an absent call is absent. */
function Sentinel() {
  const { data } = useQuery({ queryKey: ['sentinel'], queryFn: () => fetch('/api/1.0/sentinel').then((r) => r.json()) });
  return data ? <p>sentinel ready</p> : null;
}

/** Shares CodeSnippets' query: once it shows the failure, CodeSnippets has rendered with the same failed state. */
function FailureProbe() {
  const { isError } = useCodesClient(true);
  return isError ? <p>load failed</p> : null;
}

beforeAll(() => {
  // happy-dom does not fetch scripts; treat that as a load rather than printing an error per script.
  const happy = (window as unknown as { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM;
  if (happy) happy.settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetLoadedSnippets();
  for (const s of document.head.querySelectorAll('script[data-code-snippet]')) s.remove();
});

const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-code-snippet]')].map((s) => s.getAttribute('src'));
const items = [
  { id: 'a1', type: 'javascript' as const, body: "document.documentElement.dataset.snippet = '1';" },
  { id: 'b2', type: 'cdn' as const, body: 'https://cdn.example.com/widget.js' },
];

describe('loadSnippets', () => {
  it('loads javascript from our own origin and cdn items from their URL, in order, each once', () => {
    expect(snippetSrc(items[0]!)).toBe('/api/codes/a1.js');
    loadSnippets(items);
    loadSnippets(items);
    expect(scripts()).toEqual(['/api/codes/a1.js', 'https://cdn.example.com/widget.js']);
    const first = document.head.querySelector<HTMLScriptElement>('script[data-code-snippet="a1"]')!;
    // Order is kept: not async; and never inline text (the CSP has no 'unsafe-inline').
    expect(first.async).toBe(false);
    expect(first.textContent).toBe('');
  });
});

describe('CodeSnippets', () => {
  it('fetches /codes-client once signed in and adds the scripts', async () => {
    const calls = stubFetch([['GET', '/api/1.0/codes-client', 200, { data: items }]]);
    renderWithProviders(<CodeSnippets />, { session: fakeSession([], 'tenant') });
    await waitFor(() => expect(scripts()).toEqual(['/api/codes/a1.js', 'https://cdn.example.com/widget.js']));
    expect(calls.filter((c) => c.path === '/api/1.0/codes-client')).toHaveLength(1);
  });

  it('does nothing while signed out', async () => {
    const calls = stubFetch([['GET', '/api/1.0/codes-client', 200, { data: items }], ['GET', '/api/1.0/sentinel', 200, { ok: true }]]);
    const signedOut: SessionValue = { ...fakeSession([]), user: null, role: null };
    renderWithProviders(<><CodeSnippets /><Sentinel /></>, { session: signedOut });
    await screen.findByText('sentinel ready');
    expect(calls.map((c) => c.path)).toEqual(['/api/1.0/sentinel']);
    expect(scripts()).toEqual([]);
  });

  it('ignores a failed load silently (spec 8): no script, no toast', async () => {
    const calls = stubFetch([['GET', '/api/1.0/codes-client', 500, { message: 'Server Error' }]]);
    const { container } = renderWithProviders(<><CodeSnippets /><FailureProbe /></>, { session: fakeSession([], 'tenant') });
    await screen.findByText('load failed');
    expect(calls).toHaveLength(1);
    expect(scripts()).toEqual([]);
    expect(document.body.querySelector('[role="alert"]')).toBeNull();
    // Only the probe's own words: CodeSnippets itself shows nothing.
    expect(container.textContent).toBe('load failed');
  });
});

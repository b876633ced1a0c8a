import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import type { SessionValue } from '../../shared/session/session-context';
import { CodeSnippets, loadSnippets, resetLoadedSnippets, snippetSrc } from './CodeSnippets';

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
    const calls = stubFetch([['GET', '/api/1.0/codes-client', 200, { data: items }]]);
    const signedOut: SessionValue = { ...fakeSession([]), user: null, role: null };
    renderWithProviders(<CodeSnippets />, { session: signedOut });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(scripts()).toEqual([]);
  });

  it('ignores a failed load silently (spec 8): no script, no toast', async () => {
    const calls = stubFetch([['GET', '/api/1.0/codes-client', 500, { message: 'Server Error' }]]);
    const { container } = renderWithProviders(<CodeSnippets />, { session: fakeSession([], 'tenant') });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(scripts()).toEqual([]);
    expect(document.body.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toBe('');
  });
});

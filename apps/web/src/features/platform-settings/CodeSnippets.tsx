import { useEffect } from 'react';
import type { CodeClientItem } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { useCodesClient } from './api';

/** Snippets already added to this page: a remount or a second sign-in must not run one twice. */
const loaded = new Set<string>();

/** Where the browser loads a snippet from: a javascript item from our own origin, a cdn item from its URL. */
export function snippetSrc(item: CodeClientItem): string {
  return item.type === 'javascript' ? `/api/codes/${encodeURIComponent(item.id)}.js` : item.body;
}

/**
 * Adds one <script src> per snippet, in order. A javascript item is loaded from /api/codes/{id}.js rather
 * than evaluated, so the Content-Security-Policy keeps script-src to 'self' plus the cdn origins the server
 * adds; a snippet that fails to load is ignored (spec 8).
 */
export function loadSnippets(items: readonly CodeClientItem[], doc: Document = document): void {
  for (const item of items) {
    if (loaded.has(item.id)) continue;
    loaded.add(item.id);
    const script = doc.createElement('script');
    script.src = snippetSrc(item);
    // Keep the owner's order: dynamically inserted scripts are async unless told otherwise.
    script.async = false;
    script.dataset.codeSnippet = item.id;
    script.onerror = () => undefined;
    doc.head.appendChild(script);
  }
}

/** For tests: forget what was loaded. */
export function resetLoadedSnippets(): void {
  loaded.clear();
}

/** Spec 7: the code items are loaded once a user is signed in; the load failing is ignored silently (spec 8). */
export function CodeSnippets() {
  const { user } = useSession();
  const { data } = useCodesClient(Boolean(user));
  useEffect(() => {
    if (data?.length) loadSnippets(data);
  }, [data]);
  return null;
}

import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { AppRoutes } from './AppRoutes';
import { CodeSnippets } from '../features/platform-settings/CodeSnippets';

export function App({ client }: { client: QueryClient }) {
  return (
    <BrowserRouter>
      <AppProviders client={client}>
        {/* The owner's code snippets (spec 7), loaded once someone is signed in. */}
        <CodeSnippets />
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}

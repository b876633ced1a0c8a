import { StrictMode } from 'react';
import { config as zodConfig } from 'zod';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setupI18n } from './app/i18n-setup';
import { startI18n } from './shared/i18n/i18n';
import { createQueryClient } from './app/providers';

// zod 4 probes `new Function('')` to pick its fast path; our CSP has no 'unsafe-eval', so every page load
// reported a violation. The jitless parser is the one that runs under that CSP anyway.
zodConfig({ jitless: true });
setupI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// A language other than English or Spanish is fetched before the first paint, so no screen flashes English.
void startI18n().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App client={createQueryClient()} />
    </StrictMode>,
  );
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setupI18n } from './app/i18n-setup';
import { createQueryClient } from './app/providers';

setupI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <App client={createQueryClient()} />
  </StrictMode>,
);

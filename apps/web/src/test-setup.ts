import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupI18n } from './app/i18n-setup';
import { i18n } from './shared/i18n/i18n';

setupI18n();

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

import { describe, expect, it } from 'vitest';
import { hasOwnScreen } from './screens';

describe('screens', () => {
  it('gives the session and error routes real screens', () => {
    for (const name of ['login', 'signup', 'validate-intent', 'forgot-password', 'reset-password', 'session-companies',
      'session-active-company', 'lock-screen', 'page-404', 'denied', 'dashboard', 'dashboardAdmin']) {
      expect(hasOwnScreen(name), name).toBe(true);
    }
  });
});

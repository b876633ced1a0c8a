import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { landingPath } from '../../shared/routing/guard';
import { i18n } from '../../shared/i18n/i18n';
import type { SessionUser } from '../../shared/session/session-user';
import { useSession } from '../../shared/session/useSession';
import { toast } from '../../shared/ui/toast';
import { pendingInstallRedirect } from '../../shared/session/install-storage';

/** Spec 8: the success toast follows the sign-in after 1.5 s, once the landing screen is showing. */
export const LOGIN_TOAST_DELAY_MS = 1500;

/** Sends a freshly signed-in user where spec 2 says, honouring ?redirect= when the guard allows it. */
export function useLanding(): (user: SessionUser) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { logout } = useSession();
  return useCallback(
    (user: SessionUser) => {
      // Spec 2: a Shopify install flow (kept by /install-integration in this tab) goes to create-integration.
      const landing = landingPath({ user, redirectQuery: params.get('redirect') ?? pendingInstallRedirect() });
      if (landing.kind === 'logout') {
        void logout({ notice: 'login.errors.noPermission' });
        return;
      }
      void navigate(landing.to, { replace: true });
      // Translated when shown: the user's own language has usually been applied by then.
      window.setTimeout(() => toast.success(i18n.t('login.success')), LOGIN_TOAST_DELAY_MS);
    },
    [navigate, params, logout],
  );
}

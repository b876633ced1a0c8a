import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasAccessToken, clearStorage } from '../shared/session/storage';
import { useSession } from '../shared/session/useSession';
import { LoadingState } from '../shared/ui/StateViews';
import { useSubscriptionState } from '../features/billing/subscription-state';
import { GUARD_POLL_MS, guard } from '../shared/routing/guard';
import { Screen } from './Screen';

function Redirect({ to, clear }: { to: string; clear?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (clear) clearStorage();
    void navigate(to, { replace: true });
  }, [to, clear, navigate]);
  return null;
}

/** Runs the spec 2 guard on every location before any layout or screen renders. */
export function RouteGate() {
  const location = useLocation();
  const { user } = useSession();
  const { t } = useTranslation();
  const [, setTick] = useState(0);
  const subscription = useSubscriptionState();

  const decision = guard({
    pathname: location.pathname,
    search: location.search,
    user,
    hasToken: hasAccessToken(),
    // While it loads the guard answers 'wait' and this re-renders every GUARD_POLL_MS (spec 2).
    subscription,
  });

  useEffect(() => {
    if (decision.kind !== 'wait') return undefined;
    const timer = window.setTimeout(() => setTick((n) => n + 1), GUARD_POLL_MS);
    return () => window.clearTimeout(timer);
  });

  const routeName = decision.kind === 'allow' ? decision.route.name : decision.kind === 'not-found' ? 'page-404' : null;
  useEffect(() => {
    if (routeName) document.title = `${t(`routes.${routeName}`)} · Omnio`;
  }, [routeName, t]);

  switch (decision.kind) {
    case 'redirect':
      return <Redirect to={decision.to} clear={decision.clearStorage} />;
    case 'wait':
      return <LoadingState minHeight="100vh" />;
    case 'not-found':
      return <Screen name="page-404" />;
    case 'allow':
      return <Outlet />;
  }
}

import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasAccessToken, clearStorage } from '../shared/session/storage';
import { useSession } from '../shared/session/useSession';
import { Box, CircularProgress } from '@mui/material';
import { BrandMark } from '../shared/ui/BrandMark';
import { useSubscriptionState } from '../features/billing/subscription-state';
import { GUARD_POLL_MS, guard } from '../shared/routing/guard';
import { Screen } from './Screen';

/**
 * Spec 9's loading spinner, shown while the session is actually loading and no longer: a reload or a deep link
 * with the session at hand goes straight to its page (the spec's 2 s is read as the most it may add, not a
 * wait to impose on every load).
 */
function BootSplash() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" data-testid="boot-overlay" sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 3, color: 'primary.main' }}>
        <BrandMark size={44} />
        <CircularProgress size={32} aria-label={t('status.loading')} />
      </Box>
    </Box>
  );
}

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
      return <BootSplash />;
    case 'not-found':
      return <Screen name="page-404" />;
    case 'allow':
      return <Outlet />;
  }
}

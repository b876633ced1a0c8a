import { Alert, Button } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/useSession';
import { useSubscriptionState } from '../../features/billing/subscription-state';
import type { SubscriptionState } from '../../shared/routing/guard';

/**
 * Spec 2: a sticky unsubscribed banner for a user with a company once the subscription has loaded,
 * except on billing. `subscription` overrides the live state (tests).
 */
export function SubscriptionBanner({ subscription: given }: { subscription?: SubscriptionState }) {
  const { t } = useTranslation();
  const live = useSubscriptionState();
  const subscription = given ?? live;
  const { company, role } = useSession();
  const { pathname } = useLocation();
  if (!company || role !== 'tenant' || !subscription.loaded || subscription.present || pathname.startsWith('/billing')) return null;
  return (
    <Alert
      severity="warning"
      square
      sx={{ position: 'sticky', top: 64, zIndex: 1 }}
      action={
        <Button component={RouterLink} to="/billing" color="inherit" size="small" variant="outlined">
          {t('layout.subscribe')}
        </Button>
      }
    >
      {t('layout.unsubscribed')}
    </Alert>
  );
}

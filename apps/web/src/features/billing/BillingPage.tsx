import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { serverMessage, useLimits, usePortal, useSubscription, useSubscriptionRequest, type BillingLimits, type Subscription } from './api';
import { ChoosePlanDialog } from './ChoosePlanDialog';
import { AmountLine } from './AmountLine';
import { formatCents, formatCount, formatDay } from './format';
import { goTo } from './navigation';

/** /billing: the company's subscription, its actions (from the server's allowed_actions only) and this month's usage. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const { company, can } = useSession();
  const [params] = useSearchParams();
  const subscription = useSubscription(company?.id ?? null);
  const limits = useLimits();
  const [choosing, setChoosing] = useState(false);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={t('title')} subtitle={t('intro')} />
      {params.get('rp') === 'true' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('required')}
        </Alert>
      )}
      {subscription.isPending ? (
        <LoadingState label={t('loading')} />
      ) : subscription.isError ? (
        // Spec 8: the server's message, or 'Error getting subscription'.
        <ErrorState message={serverMessage(subscription.error) ?? t('subscriptionFailed')} onRetry={() => void subscription.refetch()} />
      ) : (
        <Stack spacing={3}>
          {subscription.data ? (
            <SubscriptionCard subscription={subscription.data} canChange={can('update-billing')} onChoose={() => setChoosing(true)} />
          ) : (
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t('none.title')}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
                  {t('none.text')}
                </Typography>
                {can('update-billing') && (
                  <Button variant="contained" onClick={() => setChoosing(true)}>
                    {t('actions.subscribe')}
                  </Button>
                )}
              </CardContent>
            </Card>
          )}
          <UsageCard limits={limits.data} pending={limits.isPending} failed={limits.isError ? limits.error.message : null} />
        </Stack>
      )}
      {choosing && <ChoosePlanDialog subscription={subscription.data ?? null} onClose={() => setChoosing(false)} />}
    </Box>
  );
}

function SubscriptionCard({ subscription: s, canChange, onChoose }: { subscription: Subscription; canChange: boolean; onChoose(): void }) {
  const { t, i18n } = useTranslation('billing');
  const navigate = useNavigate();
  const toast = useToast();
  const request = useSubscriptionRequest();
  const portal = usePortal();
  const [cancelling, setCancelling] = useState(false);
  const money = (cents: number) => formatCents(cents, i18n.language);
  const count = (n: number) => formatCount(n, i18n.language);
  const day = (iso: string | null) => formatDay(iso, i18n.language);
  const allowed = new Set(s.allowed_actions);
  const canChoose = allowed.has('change') || allowed.has('upgrade') || allowed.has('resume');

  const resume = async () => {
    try {
      const answer = await request.mutateAsync({ type: 'resume', price_id: s.plan.price_id, extras: [], returnUrl: '/billing', cancelUrl: '/billing' });
      goTo(answer.url, navigate);
    } catch (error) {
      toast.error(`${t('resumeFailed')}: ${errorText(error)}`);
    }
  };
  const managePayment = async () => {
    try {
      const answer = await portal.mutateAsync('/billing');
      goTo(answer.url, navigate);
    } catch (error) {
      // The manual provider has nothing to manage: 409 'Your account is free' is news, not a failure.
      if (isHttpError(error, 409)) toast.info(errorText(error));
      else toast.error(`${t('portalFailed')}: ${errorText(error)}`);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="subscription-title">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="overline" color="text.secondary">
              {t('plan')}
            </Typography>
            <Typography variant="h5" component="h2" id="subscription-title">
              {s.plan.name}
            </Typography>
          </Box>
          <Chip label={t(`status.${s.status}`)} color={s.status === 'active' ? 'success' : 'warning'} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
        </Stack>

        {s.status === 'canceled' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('canceledNotice', { canceled: day(s.canceled_at), end: day(s.current_period_end) })}
          </Alert>
        )}

        <Stack spacing={0.75}>
          <AmountLine label={s.plan.name} value={money(s.plan.unit_amount)} />
          {s.extras.map((e) => (
            <AmountLine key={e.price_id} label={`${e.name} × ${e.quantity}`} value={money(e.unit_amount * e.quantity)} />
          ))}
          <Divider />
          <AmountLine strong label={t('totals.price')} value={<span data-testid="subscription-price">{t('perMonthValue', { price: money(s.totals.price_cents) })}</span>} />
          <AmountLine strong label={t('totals.orders')} value={<span data-testid="subscription-orders">{t('totals.ordersValue', { orders: count(s.totals.orders) })}</span>} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {s.status === 'canceled' ? t('endsOn', { date: day(s.current_period_end) }) : t('renewsOn', { date: day(s.current_period_end) })}
        </Typography>

        {canChange && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            {canChoose && (
              <Button variant="contained" onClick={onChoose}>
                {t('actions.choose')}
              </Button>
            )}
            {allowed.has('resume') && (
              <Button variant="outlined" loading={request.isPending} onClick={() => void resume()}>
                {t('actions.resume')}
              </Button>
            )}
            <Button variant="outlined" loading={portal.isPending} onClick={() => void managePayment()}>
              {t('actions.portal')}
            </Button>
            {allowed.has('cancel') && (
              <Button color="error" onClick={() => setCancelling(true)}>
                {t('actions.cancelSubscription')}
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={cancelling}
        title={t('cancelTitle')}
        message={t('cancelMessage', { date: day(s.current_period_end) })}
        confirmLabel={t('actions.cancelSubscription')}
        destructive
        errorPrefix={t('cancelFailed')}
        onClose={() => setCancelling(false)}
        onConfirm={async () => {
          const answer = await request.mutateAsync({ type: 'cancel', extras: [], returnUrl: '/billing', cancelUrl: '/billing' });
          goTo(answer.url, navigate);
        }}
      />
    </Card>
  );
}

function UsageCard({ limits, pending, failed }: { limits: BillingLimits | undefined; pending: boolean; failed: string | null }) {
  const { t, i18n } = useTranslation('billing');
  const count = (n: number) => formatCount(n, i18n.language);
  const percent = limits && limits.orders_limit > 0 ? Math.min(100, (limits.orders_used / limits.orders_limit) * 100) : limits && limits.orders_used > 0 ? 100 : 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="usage-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="usage-title" sx={{ mb: 1 }}>
          {t('usage.title')}
        </Typography>
        {pending ? (
          <LinearProgress aria-label={t('usage.loading')} />
        ) : failed !== null || !limits ? (
          <Alert severity="error">{t('usage.failed', { message: failed ?? '' })}</Alert>
        ) : (
          <>
            <Stack direction="row" justifyContent="space-between" sx={{ mb: 0.5 }}>
              <Typography variant="body2">{t('usage.period', { period: limits.period })}</Typography>
              <Typography variant="body2" data-testid="usage-value">
                {t('usage.value', { used: count(limits.orders_used), limit: count(limits.orders_limit) })}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={percent}
              color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
              aria-label={t('usage.title')}
              sx={{ height: 8, borderRadius: 4 }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {limits.orders_limit === 0 ? t('usage.noAllowance') : t('usage.remaining', { count: limits.orders_remaining, formatted: count(limits.orders_remaining) })}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}

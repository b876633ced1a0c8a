import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { isHttpError } from '../../shared/api/http';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useCheckout, useConfirmCheckout, type Checkout } from './api';
import { AmountLine } from './AmountLine';
import { formatCents, formatCount, formatDayTime } from './format';
import { goTo } from './navigation';

/** /billing/checkout/:id — the manual provider's confirmation page: what will be charged, Confirm or Back. */
export function CheckoutPage() {
  const { t } = useTranslation('billing');
  const { id = '' } = useParams();
  const checkout = useCheckout(id);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title={t('checkout.title')} subtitle={t('checkout.intro')} />
      {checkout.isPending ? (
        <LoadingState label={t('checkout.loading')} />
      ) : checkout.isError ? (
        <ErrorState message={isHttpError(checkout.error, 404) ? t('checkout.notFound') : `${t('checkout.loadFailed')}: ${errorText(checkout.error)}`} />
      ) : (
        <CheckoutSummary checkout={checkout.data} />
      )}
    </Box>
  );
}

function CheckoutSummary({ checkout: c }: { checkout: Checkout }) {
  const { t, i18n } = useTranslation('billing');
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirmCheckout();
  const money = (cents: number) => formatCents(cents, i18n.language);
  const count = (n: number) => formatCount(n, i18n.language);

  const onConfirm = async () => {
    try {
      const answer = await confirm.mutateAsync(c.id);
      goTo(answer.url, navigate);
    } catch (error) {
      toast.error(`${t('checkout.confirmFailed')}: ${errorText(error)}`);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="checkout-title">
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {t(`checkout.type.${c.type}`)}
        </Typography>
        <Typography variant="h5" component="h2" id="checkout-title" sx={{ mb: 2 }}>
          {c.plan.name}
        </Typography>
        {c.status === 'completed' && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('checkout.completed')}
          </Alert>
        )}
        {c.status === 'expired' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('checkout.expired')}
          </Alert>
        )}
        <Stack spacing={0.75}>
          <AmountLine label={c.plan.name} value={money(c.plan.unit_amount)} />
          {c.extras.map((e) => (
            <AmountLine key={e.price_id} label={`${e.name} × ${e.quantity}`} value={money(e.unit_amount * e.quantity)} />
          ))}
          <Divider />
          <AmountLine strong label={t('totals.price')} value={<span data-testid="checkout-price">{t('perMonthValue', { price: money(c.totals.price_cents) })}</span>} />
          <AmountLine strong label={t('totals.orders')} value={t('totals.ordersValue', { orders: count(c.totals.orders) })} />
        </Stack>
        {c.status === 'open' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('checkout.expires', { date: formatDayTime(c.expires_at, i18n.language) })}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 3 }} justifyContent="flex-end">
          {c.status === 'open' ? (
            <>
              <Button onClick={() => goTo(c.cancel_url, navigate)}>{t('checkout.back')}</Button>
              <Button variant="contained" loading={confirm.isPending} onClick={() => void onConfirm()}>
                {t('checkout.confirm')}
              </Button>
            </>
          ) : (
            <Button variant="contained" onClick={() => void navigate('/billing')}>
              {t('checkout.toBilling')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

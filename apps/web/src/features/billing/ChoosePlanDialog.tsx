import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Card, CardActionArea, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, Stack,
  TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { addExtra, extrasVisible, planDialogAction, planTotals, type SubscriptionStatus } from '@omnio/domain';
import { LoadingState, ErrorState, EmptyState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { serverMessage, useProductsClient, useSubscriptionRequest, type BillingProduct, type Subscription } from './api';
import { AmountLine } from './AmountLine';
import { formatCents, formatCount } from './format';
import { goTo } from './navigation';

/** Spec 9: the plan dialog is 1000 px wide. */
export const PLAN_DIALOG_WIDTH = 1000;

/** One price of a product as the dialog offers it. */
export interface Offer {
  product_id: string;
  price_id: string;
  name: string;
  nickname: string;
  description: string;
  marketing: string[];
  unit_amount: number;
  currency: string;
  orders: number;
}
export interface ChosenExtra extends Offer {
  quantity: number;
}

export function offersOf(products: readonly BillingProduct[], type: BillingProduct['type']): Offer[] {
  return products
    .filter((p) => p.type === type && p.active)
    .flatMap((p) =>
      p.prices
        .filter((price) => price.active)
        .map((price) => ({
          product_id: p.id,
          price_id: price.id,
          name: p.name,
          nickname: price.data.nickname,
          description: p.data.description,
          marketing: p.data.marketing_features.map((f) => f.name),
          unit_amount: price.data.unit_amount,
          currency: price.data.currency,
          orders: p.data.features.orders ?? 0,
        })),
    );
}

interface ChoosePlanDialogProps {
  subscription: Subscription | null;
  onClose(): void;
}

/**
 * Spec 1 'choose plan': subscribe, change, upgrade or resume. The button's action comes from the domain's
 * planDialogAction (spec 4), the totals from planTotals (spec 9); the server checks both again.
 */
export function ChoosePlanDialog({ subscription, onClose }: ChoosePlanDialogProps) {
  const { t } = useTranslation('billing');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const products = useProductsClient();
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      fullScreen={phone}
      aria-labelledby="choose-plan-title"
      slotProps={{ paper: { sx: phone ? {} : { width: PLAN_DIALOG_WIDTH, maxWidth: '100%' } } }}
    >
      <DialogTitle id="choose-plan-title">{t('dialog.title')}</DialogTitle>
      {products.isPending ? (
        <DialogContent dividers>
          <LoadingState label={t('dialog.loading')} />
        </DialogContent>
      ) : products.isError ? (
        <>
          <DialogContent dividers>
            {/* Spec 8: the server's message, or a default. */}
            <ErrorState message={serverMessage(products.error) ?? t('dialog.loadFailed')} onRetry={() => void products.refetch()} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('actions.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <PlanChooser products={products.data} subscription={subscription} onClose={onClose} />
      )}
    </Dialog>
  );
}

function PlanChooser({ products, subscription, onClose }: { products: BillingProduct[]; subscription: Subscription | null; onClose(): void }) {
  const { t, i18n } = useTranslation('billing');
  const navigate = useNavigate();
  const request = useSubscriptionRequest();
  const plans = useMemo(() => offersOf(products, 'base_plan'), [products]);
  const addons = useMemo(() => offersOf(products, 'addon'), [products]);
  const status: SubscriptionStatus = subscription?.status ?? 'none';
  const currentPriceId = subscription?.plan.price_id ?? null;
  const [shown, setShown] = useState<string | null>(() => (plans.some((p) => p.price_id === currentPriceId) ? currentPriceId : (plans[0]?.price_id ?? null)));
  const [extras, setExtras] = useState<ChosenExtra[]>([]);
  const [error, setError] = useState<string | null>(null);
  const money = (cents: number, currency?: string) => formatCents(cents, i18n.language, currency);
  const count = (n: number) => formatCount(n, i18n.language);

  const plan = plans.find((p) => p.price_id === shown) ?? null;
  const showExtras = extrasVisible(status);
  const chosen = showExtras ? extras : [];
  const action = plan ? planDialogAction({ status, currentPlanPriceId: currentPriceId, shownPlanPriceId: plan.price_id, extrasChosen: chosen.length }) : null;
  // Upgrade adds to the extras the subscription has and resume keeps them; a change (or a new subscription) replaces them.
  const kept = subscription && plan?.price_id === currentPriceId ? subscription.extras : [];
  const totals = planTotals(plan, [...kept, ...chosen]);
  const badQuantity = chosen.some((e) => !Number.isInteger(e.quantity) || e.quantity < 1);

  const setQuantity = (priceId: string, value: string) => {
    const n = value.trim() === '' ? 0 : Math.trunc(Number(value));
    setExtras((list) => list.map((e) => (e.price_id === priceId ? { ...e, quantity: Number.isFinite(n) ? Math.min(n, 1000) : 0 } : e)));
  };

  const submit = async () => {
    if (!plan || !action || badQuantity) return;
    setError(null);
    try {
      const answer = await request.mutateAsync({
        type: action,
        price_id: plan.price_id,
        extras: chosen.map((e) => ({ price_id: e.price_id, quantity: e.quantity })),
        returnUrl: '/billing',
        cancelUrl: '/billing',
      });
      onClose();
      goTo(answer.url, navigate);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const hint = !plan
    ? null
    : status === 'active' && action === null
      ? t('dialog.currentPlanHint')
      : status === 'canceled' && action === null
        ? t('dialog.resumeHint')
        : null;

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={3}>
          {error && <Alert severity="error">{t('dialog.failed', { message: error })}</Alert>}
          {plans.length === 0 ? (
            <EmptyState message={t('dialog.noPlans')} />
          ) : (
            <Box
              role="radiogroup"
              aria-label={t('dialog.plans')}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(plans.length, 3)}, 1fr)` } }}
            >
              {plans.map((p) => {
                const selected = p.price_id === shown;
                const current = p.price_id === currentPriceId;
                return (
                  <Card
                    key={p.price_id}
                    variant="outlined"
                    sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1, bgcolor: selected ? 'action.selected' : undefined }}
                  >
                    <CardActionArea role="radio" aria-checked={selected} onClick={() => setShown(p.price_id)} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
                      <CardContent>
                        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
                          <Typography variant="h6" component="span" sx={{ flex: 1 }}>
                            {p.name}
                          </Typography>
                          {current && <Typography variant="caption" color="primary">{t('dialog.current')}</Typography>}
                          {selected && <CheckCircleIcon color="primary" fontSize="small" aria-hidden />}
                        </Stack>
                        <Typography variant="h5" component="p">
                          {money(p.unit_amount, p.currency)}
                          <Typography component="span" color="text.secondary">
                            {' '}
                            {t('perMonth')}
                          </Typography>
                        </Typography>
                        {p.description && (
                          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                            {p.description}
                          </Typography>
                        )}
                        <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
                          {p.marketing.map((m) => (
                            <Typography component="li" variant="body2" key={m}>
                              {m}
                            </Typography>
                          ))}
                        </Box>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                );
              })}
            </Box>
          )}

          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: showExtras ? '3fr 2fr' : '1fr' } }}>
            {showExtras && (
              <Box component="section" aria-labelledby="plan-extras-title">
                <Typography variant="subtitle1" component="h3" id="plan-extras-title" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('dialog.extras')}
                </Typography>
                {addons.length === 0 ? (
                  <Typography color="text.secondary">{t('dialog.noExtras')}</Typography>
                ) : (
                  <Stack spacing={1}>
                    {addons.map((a) => (
                      <Stack key={a.price_id} direction="row" spacing={1} alignItems="center">
                        <Box sx={{ flex: 1, minWidth: 0 }}>
                          <Typography>{a.name}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t('dialog.extraLine', { price: money(a.unit_amount, a.currency), orders: count(a.orders) })}
                          </Typography>
                        </Box>
                        <Button
                          size="small"
                          variant="outlined"
                          startIcon={<AddIcon />}
                          aria-label={t('dialog.addExtra', { name: a.name })}
                          onClick={() => setExtras((list) => addExtra<ChosenExtra>(list, a))}
                        >
                          {t('dialog.add')}
                        </Button>
                      </Stack>
                    ))}
                  </Stack>
                )}
                {extras.length > 0 && (
                  <>
                    <Divider sx={{ my: 2 }} />
                    <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
                      {t('dialog.chosen')}
                    </Typography>
                    <Stack spacing={1.5} component="ul" aria-label={t('dialog.chosen')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                      {extras.map((e) => (
                        <Stack key={e.price_id} component="li" direction="row" spacing={1} alignItems="center">
                          <Typography sx={{ flex: 1, minWidth: 0 }}>{e.name}</Typography>
                          <TextField
                            type="number"
                            size="small"
                            label={t('dialog.quantity')}
                            value={e.quantity === 0 ? '' : e.quantity}
                            onChange={(ev) => setQuantity(e.price_id, ev.target.value)}
                            error={e.quantity < 1}
                            helperText={e.quantity < 1 ? t('dialog.quantityMin') : undefined}
                            sx={{ width: 110 }}
                            slotProps={{ htmlInput: { min: 1, max: 1000, step: 1, 'aria-label': t('dialog.quantityOf', { name: e.name }) } }}
                          />
                          <IconButton aria-label={t('dialog.removeExtra', { name: e.name })} onClick={() => setExtras((list) => list.filter((x) => x !== e))}>
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Stack>
                      ))}
                    </Stack>
                  </>
                )}
              </Box>
            )}

            <Box component="section" aria-labelledby="plan-totals-title" aria-live="polite" sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover', alignSelf: 'start' }}>
              <Typography variant="subtitle1" component="h3" id="plan-totals-title" sx={{ fontWeight: 600, mb: 1 }}>
                {t('dialog.totals')}
              </Typography>
              {plan && (
                <Stack spacing={0.5} sx={{ mb: 1.5 }}>
                  <AmountLine dense label={plan.name} value={money(plan.unit_amount, plan.currency)} />
                  {[...kept, ...chosen].map((e, i) => (
                    <AmountLine dense key={`${e.price_id}-${i}`} label={`${e.name} × ${e.quantity}`} value={money(e.unit_amount * Math.max(0, e.quantity))} />
                  ))}
                </Stack>
              )}
              <Divider sx={{ mb: 1 }} />
              <AmountLine dense strong label={t('totals.price')} value={<span data-testid="total-price">{money(totals.price_cents)}</span>} />
              <AmountLine dense strong label={t('totals.orders')} value={<span data-testid="total-orders">{t('totals.ordersValue', { orders: count(totals.orders) })}</span>} />
            </Box>
          </Box>
          {hint && <Alert severity="info">{hint}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={!action || badQuantity} loading={request.isPending} onClick={() => void submit()}>
          {t(`dialog.action.${action ?? 'none'}`)}
        </Button>
      </DialogActions>
    </>
  );
}

import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { isConflict, useOrder, useSaveOrder, type Order } from './api';
import { formatDateTime } from '../../shared/format/format';
import { OrderActions } from './OrderActions';
import { OrderForm } from './OrderForm';
import { OrderFulfillment } from './OrderFulfillment';
import { OrderHistory } from './OrderHistory';
import { OrderInfo } from './OrderInfo';
import { OrderLinesTable, OrderTotals } from './OrderLinesTable';
import { FulfillmentChip, OrderStatusChip, useErrorCodeText } from './StatusChips';

/** Another feature's panel about the order (the rules' trace), given by the screen that composes the page. */
export type OrderPanel = (props: { orderId: string }) => ReactNode;

/** /orders/edit/:id: the order, its lifecycle buttons, lines, history, shipments; edit mode shows the form. */
export function OrderDetailPage({ RuleTraces }: { RuleTraces?: OrderPanel } = {}) {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('orders');
  const order = useOrder(id);
  const [editing, setEditing] = useState(false);
  // Kept here: the editor is remounted with the reloaded order, and must still tell why.
  const [conflict, setConflict] = useState(false);

  const back = (
    <Button component={RouterLink} to={pathOf('orders')} startIcon={<ArrowBack />} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'auto' } }}>
      {t('actions.backToOrders')}
    </Button>
  );

  if (order.isPending) return <LoadingState />;
  if (order.isError) {
    const missing = isHttpError(order.error, 404);
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <ErrorState
          message={missing ? t('detail.notFound') : `${t('errors.loadOne')}: ${order.error.message}`}
          onRetry={missing ? undefined : () => void order.refetch()}
        />
      </Stack>
    );
  }

  const data = order.data;
  return (
    <Box sx={{ minWidth: 0 }}>
      <OrderHeader order={data} back={back} actions={editing ? null : <OrderActions order={data} onEdit={() => setEditing(true)} />} />
      {editing && data.allowed_actions.includes('edit') ? (
        <OrderEditor
          key={data.version}
          order={data}
          conflict={conflict}
          onDone={() => {
            setConflict(false);
            setEditing(false);
          }}
          onConflict={() => {
            setConflict(true);
            void order.refetch();
          }}
        />
      ) : (
        <OrderView order={data} RuleTraces={RuleTraces} />
      )}
    </Box>
  );
}

function OrderHeader({ order, back, actions }: { order: Order; back: ReactNode; actions: ReactNode }) {
  const { t } = useTranslation('orders');
  const errorCode = useErrorCodeText()(order.error_code);
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' }, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {t('detail.title', { number: order.number })}
            </Typography>
            <OrderStatusChip status={order.status} size="medium" />
            <FulfillmentChip status={order.fulfillment_status} size="medium" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('detail.subtitle', { channel: order.channel, date: formatDateTime(order.created_at) })}
            {order.external_id ? ` · ${t('fields.externalId')} ${order.external_id}` : ''}
          </Typography>
        </Box>
        {back}
      </Stack>
      {actions}
      {order.status === 'error' && errorCode && (
        <Alert severity="error" data-testid="order-error">
          <AlertTitle>
            {errorCode.title} <Typography component="code" variant="caption">({order.error_code})</Typography>
          </AlertTitle>
          {order.error_message && <Typography variant="body2">{order.error_message}</Typography>}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {errorCode.hint}
          </Typography>
        </Alert>
      )}
      {order.status === 'on_hold' && (
        <Alert severity="warning">
          {order.hold_until ? t('detail.heldUntil', { date: formatDateTime(order.hold_until) }) : t('detail.heldIndefinitely')}
        </Alert>
      )}
    </Stack>
  );
}

function OrderView({ order, RuleTraces }: { order: Order; RuleTraces?: OrderPanel }) {
  const { t } = useTranslation('orders');
  const [tab, setTab] = useState<'overview' | 'history'>('overview');
  return (
    <>
      <Tabs value={tab} onChange={(_e, next: 'overview' | 'history') => setTab(next)} aria-label={t('detail.tabsLabel')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="overview" label={t('detail.overview')} id="order-tab-overview" aria-controls="order-panel-overview" />
        <Tab value="history" label={t('detail.history')} id="order-tab-history" aria-controls="order-panel-history" />
      </Tabs>
      <Box role="tabpanel" id={`order-panel-${tab}`} aria-labelledby={`order-tab-${tab}`}>
        {tab === 'overview' ? (
          <Stack spacing={2}>
            <OrderLinesTable order={order} />
            <OrderTotals order={order} />
            <OrderInfo order={order} />
            <OrderFulfillment order={order} />
            {RuleTraces && <RuleTraces orderId={order.id} />}
          </Stack>
        ) : (
          <OrderHistory orderId={order.id} />
        )}
      </Box>
    </>
  );
}

interface OrderEditorProps {
  order: Order;
  conflict: boolean;
  onDone(): void;
  onConflict(): void;
}

/** Edit mode: PUT with the version read; a 409 CONFLICT reloads the order and says why. */
function OrderEditor({ order, conflict, onDone, onConflict }: OrderEditorProps) {
  const { t } = useTranslation('orders');
  const toast = useToast();
  const save = useSaveOrder();
  return (
    <OrderForm
      order={order}
      onCancel={onDone}
      notice={
        conflict && (
          <Alert severity="warning" role="alert">
            <AlertTitle>{t('edit.conflictTitle')}</AlertTitle>
            {t('edit.conflictBody')}
          </Alert>
        )
      }
      onSubmit={async (body) => {
        try {
          const saved = await save.mutateAsync({ id: order.id, body: { ...body, version: order.version } });
          toast.success(saved.status === 'error' ? t('notices.savedInError', { number: saved.number }) : t('notices.saved', { number: saved.number }));
          onDone();
        } catch (error) {
          if (isConflict(error)) {
            onConflict();
            return;
          }
          throw error;
        }
      }}
    />
  );
}

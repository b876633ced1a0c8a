import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useCreateReturn, useOrderReturnable, useOrderToShip, type ReturnDetail } from './api';
import { ReturnRequestForm } from './ReturnRequestForm';

interface StartReturnViewProps {
  orderId: string;
  onCancel(): void;
  onCreated(ret: ReturnDetail): void;
}

/**
 * /returns?order=:id — start a return of an order's shipped units, whatever shipped them (a shipment or
 * "Mark as shipped"): POST /returns without a shipment, per line at most what GET /orders/{id}/returnable allows.
 */
export function StartReturnView({ orderId, onCancel, onCreated }: StartReturnViewProps) {
  const { t } = useTranslation('shipments');
  const session = useSession();
  const toast = useToast();
  const order = useOrderToShip(orderId);
  const returnable = useOrderReturnable(orderId);
  const create = useCreateReturn();

  const number = order.data?.number;
  const header = (
    <PageHeader
      title={number ? t('startReturn.title', { number }) : t('startReturn.titleLoading')}
      subtitle={t('startReturn.subtitle')}
      actions={
        session.can('read-order') && (
          <Button component={RouterLink} to={pathOf('order-edit', { id: orderId })} startIcon={<ArrowBack />} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            {t('startReturn.backToOrder')}
          </Button>
        )
      }
    />
  );

  const failed = returnable.error ?? (isHttpError(order.error, 404) ? order.error : null);
  if (failed) {
    const missing = isHttpError(failed, 404);
    return (
      <Box sx={{ minWidth: 0 }}>
        {header}
        <ErrorState message={missing ? t('errors.noOrder') : `${t('errors.load')}: ${failed.message}`} onRetry={missing ? undefined : () => void returnable.refetch()} />
      </Box>
    );
  }
  if (returnable.isPending || (order.isPending && session.can('read-order'))) {
    return (
      <Box sx={{ minWidth: 0 }}>
        {header}
        <LoadingState />
      </Box>
    );
  }

  const lines = (returnable.data ?? []).filter((l) => l.returnable > 0);
  return (
    <Box sx={{ minWidth: 0 }}>
      {header}
      <Paper variant="outlined" component="section" aria-labelledby="start-return-lines" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="h6" component="h2" id="start-return-lines" sx={{ mb: 2 }}>
          {t('startReturn.lines')}
        </Typography>
        {lines.length === 0 ? (
          <>
            <Alert severity="info">{t('startReturn.nothing')}</Alert>
            <Button onClick={onCancel} sx={{ mt: 2 }}>
              {t('startReturn.cancel')}
            </Button>
          </>
        ) : (
          <ReturnRequestForm
            lines={lines.map((l) => ({ line_id: l.line_id, label: l.sku ?? `#${l.line_no}`, detail: l.name, shipped: l.shipped, returnable: l.returnable }))}
            secondaryAction={<Button onClick={onCancel}>{t('startReturn.cancel')}</Button>}
            onCreate={async (body) => {
              try {
                const created = await create.mutateAsync({ order_id: orderId, ...body });
                toast.success(t('shipmentReturn.created', { number: created.number }));
                onCreated(created);
              } catch (error) {
                // Another return may have claimed units meanwhile: show what is left now.
                if (isHttpError(error, 422)) void returnable.refetch();
                throw error;
              }
            }}
          />
        )}
      </Paper>
    </Box>
  );
}

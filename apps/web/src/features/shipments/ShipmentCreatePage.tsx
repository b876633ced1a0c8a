import { useNavigate, useParams, Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { isOrderShippable } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useCreateShipment, useOrderToShip, usePackageOptions } from './api';
import { ShipmentForm } from './ShipmentForm';
import { allocatedIlocs } from './shipment-form';

/** /shipments/create/:orderId — ship an open order's allocated units in boxes, then back to the order. */
export function ShipmentCreatePage() {
  const { t } = useTranslation('shipments');
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const order = useOrderToShip(orderId);
  const packages = usePackageOptions();
  const create = useCreateShipment(orderId);
  const orderPath = pathOf('order-edit', { id: orderId });
  const back = (
    <Button component={RouterLink} to={orderPath} startIcon={<ArrowBack />}>
      {t('create.back')}
    </Button>
  );

  if (order.isPending) return <LoadingState />;
  if (order.isError) {
    const missing = isHttpError(order.error, 404);
    return (
      <Box>
        <ErrorState message={missing ? t('errors.noOrder') : `${t('errors.load')}: ${order.error.message}`} onRetry={missing ? undefined : () => void order.refetch()} sx={{ mb: 2 }} />
        {back}
      </Box>
    );
  }
  const data = order.data;
  const ilocs = allocatedIlocs(data);
  const status = t(`orderStatus.${data.status}`, { defaultValue: data.status.replace(/_/g, ' ') });

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('create.title', { number: data.number })} subtitle={t('create.subtitle')} actions={back} />
      {!isOrderShippable(data.status) ? (
        <Alert severity="info">{t('create.notOpen', { status })}</Alert>
      ) : ilocs.length === 0 ? (
        <Alert severity="info">{t('create.nothingAllocated')}</Alert>
      ) : (
        <ShipmentForm
          key={data.id}
          order={data}
          ilocs={ilocs}
          packages={packages.data ?? []}
          onCancel={() => void navigate(orderPath)}
          onShip={async (body) => {
            const shipment = await create.mutateAsync(body);
            toast.success(t('create.created', { number: shipment.number }));
            void navigate(orderPath);
            return shipment;
          }}
        />
      )}
    </Box>
  );
}

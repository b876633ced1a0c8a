import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { usePurchaseOrder } from './api';
import { AcknowledgeForm } from './AcknowledgeForm';
import { PoLinesTable, PoTotals } from './PoLinesTable';
import { PoHeader, PoInfo } from './PoParts';
import { PoShipments } from './PoShipments';

/**
 * /supplier-purchase-orders/:id: the supplier's view of one of its POs (no warehouse notes), the form that
 * confirms quantities and dates, and "Create ASN". The server answers 404 for anyone else's PO.
 */
export function SupplierPoPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('purchaseOrders');
  const navigate = useNavigate();
  const po = usePurchaseOrder(id);

  const back = (
    <Button component={RouterLink} to={pathOf('supplier-purchase-orders')} startIcon={<ArrowBack />}>
      {t('actions.backToList')}
    </Button>
  );

  if (po.isPending) return <LoadingState />;
  if (po.isError) {
    const missing = isHttpError(po.error, 404);
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <ErrorState
          message={missing ? t('detail.notFound') : `${t('errors.loadOne')}: ${po.error.message}`}
          onRetry={missing ? undefined : () => void po.refetch()}
        />
      </Stack>
    );
  }

  const data = po.data;
  const canShip = data.allowed_actions.includes('ship');
  return (
    <Box sx={{ minWidth: 0 }}>
      <PoHeader
        po={data}
        back={back}
        actions={
          canShip && (
            <Stack direction="row" role="toolbar" aria-label={t('detail.actionsLabel')}>
              <Button
                variant="contained"
                size="small"
                startIcon={<LocalShippingOutlined />}
                onClick={() => void navigate(pathOf('supplier-po-shipment', { poId: data.id, shipmentId: 'new' }))}
              >
                {t('lifecycle.ship')}
              </Button>
            </Stack>
          )
        }
      />
      <Stack spacing={3}>
        {data.allowed_actions.includes('acknowledge') && <AcknowledgeForm key={data.updated_at} po={data} />}
        <PoLinesTable po={data} />
        <PoTotals po={data} />
        <PoInfo po={data} portal />
        <Box component="section" aria-labelledby="supplier-po-shipments">
          <Typography variant="h6" component="h2" id="supplier-po-shipments" sx={{ mb: 1 }}>
            {t('shipments.caption')}
          </Typography>
          <PoShipments po={data} portal />
        </Box>
      </Stack>
    </Box>
  );
}

import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Stack, Tab, Tabs } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { usePurchaseOrder, type PurchaseOrder } from './api';
import { AcknowledgeForm } from './AcknowledgeForm';
import { PoActions } from './PoActions';
import { PoHistory } from './PoHistory';
import { PoLinesTable, PoTotals } from './PoLinesTable';
import { PoHeader, PoInfo } from './PoParts';
import { PoShipments } from './PoShipments';

/** /purchase-order/show/:id: the PO, its lifecycle buttons, lines, totals, shipments and history. */
export function PoDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('purchaseOrders');
  const po = usePurchaseOrder(id);
  const [acknowledging, setAcknowledging] = useState(false);

  const back = (
    <Button component={RouterLink} to={pathOf('purchase-orders')} startIcon={<ArrowBack />}>
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
  return (
    <Box sx={{ minWidth: 0 }}>
      <PoHeader
        po={data}
        back={back}
        actions={
          <PoActions po={data} onAcknowledge={() => setAcknowledging(true)} shipPath={pathOf('po-shipment', { poId: data.id, shipmentId: 'new' })} />
        }
      />
      {acknowledging && data.allowed_actions.includes('acknowledge') && (
        <Box sx={{ mb: 3 }}>
          <AcknowledgeForm po={data} onDone={() => setAcknowledging(false)} />
        </Box>
      )}
      <PoView po={data} />
    </Box>
  );
}

function PoView({ po }: { po: PurchaseOrder }) {
  const { t } = useTranslation('purchaseOrders');
  const [tab, setTab] = useState<'overview' | 'shipments' | 'history'>('overview');
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_e, next: typeof tab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('detail.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="overview" label={t('detail.overview')} id="po-tab-overview" aria-controls="po-panel-overview" />
        <Tab value="shipments" label={t('detail.shipmentsTab', { count: po.shipments.length })} id="po-tab-shipments" aria-controls="po-panel-shipments" />
        <Tab value="history" label={t('detail.history')} id="po-tab-history" aria-controls="po-panel-history" />
      </Tabs>
      <Box role="tabpanel" id={`po-panel-${tab}`} aria-labelledby={`po-tab-${tab}`}>
        {tab === 'overview' && (
          <Stack spacing={2}>
            <PoLinesTable po={po} />
            <PoTotals po={po} />
            <PoInfo po={po} />
          </Stack>
        )}
        {tab === 'shipments' && <PoShipments po={po} />}
        {tab === 'history' && <PoHistory poId={po.id} />}
      </Box>
    </>
  );
}

import { useNavigate, useParams, Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import {
  usePackingTemplates, usePurchaseOrderToShip, useSaveAsn, useSupplyShipment, useTransfer, type AsnSource, type PurchaseOrderToShip, type SupplyShipment,
  type Transfer,
} from './api';
import { AsnForm } from './AsnForm';
import { AsnSummary } from './AsnSummary';
import { draftOf, newDraft, poLines, transferLines } from './asn-form';
import { ShipmentActions } from './ShipmentActions';

/** Which screen: a tenant's PO shipment, a transfer shipment, or a supplier user's shipment of its own PO. */
export type AsnMode = 'po' | 'transfer' | 'supplier';

const ROUTE: Record<AsnMode, string> = { po: 'po-shipment', transfer: 'transfer-shipment', supplier: 'supplier-po-shipment' };

/**
 * Create or edit an ASN (shipmentId `new` creates) of a purchase order or a transfer: the form while it
 * is a draft, with the actions the server allows (ship, cancel); read-only once shipped.
 */
export function AsnEditPage({ mode }: { mode: AsnMode }) {
  const { t } = useTranslation('supply');
  const { poId = '', shipmentId = 'new' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const isNew = shipmentId === 'new';
  const source: AsnSource = mode === 'transfer' ? { kind: 'transfer', id: poId } : { kind: 'purchase_order', id: poId };
  const po = usePurchaseOrderToShip(mode === 'transfer' ? undefined : poId);
  const transfer = useTransfer(mode === 'transfer' ? poId : undefined);
  const origin = mode === 'transfer' ? transfer : po;
  const shipment = useSupplyShipment(isNew ? undefined : shipmentId, source);
  // Packing templates are the tenant's: a supplier user packs its own boxes.
  const templates = usePackingTemplates(mode !== 'supplier');
  const save = useSaveAsn(source);
  const backPath =
    mode === 'transfer' ? pathOf('transfer-show', { id: poId }) : mode === 'supplier' ? pathOf('supplier-purchase-order', { id: poId }) : pathOf('purchase-order-show', { id: poId });
  const back = (
    <Button component={RouterLink} to={backPath} startIcon={<ArrowBack />}>
      {t('asn.back')}
    </Button>
  );

  const failed = origin.isError ? origin.error : shipment.isError ? shipment.error : null;
  if (failed) {
    const missing = isHttpError(failed, 404);
    return (
      <Box>
        <ErrorState message={missing ? t('errors.notFound') : `${t('errors.load')}: ${failed.message}`} sx={{ mb: 2 }} />
        {back}
      </Box>
    );
  }
  if (origin.isPending || (!isNew && shipment.isPending)) return <LoadingState />;

  const current = isNew ? undefined : shipment.data;
  const isTransfer = mode === 'transfer';
  const tr = transfer.data as Transfer | undefined;
  const order = po.data as PurchaseOrderToShip | undefined;
  const lines = isTransfer ? transferLines(tr!) : poLines(order!);
  const otherDrafts = (isTransfer ? tr!.shipments : order!.shipments).filter((x) => x.status === 'draft' && x.id !== current?.id);
  const number = isTransfer ? tr!.number : order!.number;
  const title = current ? t('asn.edit', { asn: current.asn_number }) : isTransfer ? t('asn.newForTransfer', { number }) : t('asn.newForPo', { number });
  const subtitle = isTransfer
    ? t('asn.subtitleTransfer', { from: tr!.from_iloc.name, to: tr!.to_iloc.name })
    : t('asn.subtitlePo', { supplier: order!.supplier.name, iloc: order!.iloc?.name ?? '' });
  const canCreate = (isTransfer ? tr!.allowed_actions : order!.allowed_actions).includes('ship');
  const status = isTransfer ? t(`transferStatus.${tr!.status}`, { defaultValue: tr!.status }) : t(`poStatus.${order!.status}`, { defaultValue: order!.status.replace(/_/g, ' ') });

  const saved = (next: SupplyShipment) => {
    toast.success(t('asn.saved', { asn: next.asn_number }));
    if (mode === 'supplier') void navigate(backPath);
    else if (isNew) void navigate(pathOf(ROUTE[mode], { poId, shipmentId: next.id }), { replace: true });
  };

  let body;
  if (current && current.status !== 'draft') {
    body = (
      <Stack spacing={2}>
        <ShipmentActions shipment={current} source={source} />
        {mode !== 'supplier' && ['in_transit', 'arrived', 'processing', 'discrepancy', 'complete'].includes(current.status) && (
          <Box>
            <Button component={RouterLink} to={pathOf('asn-process', { id: current.id })} variant="outlined">
              {t('asn.openReceiving')}
            </Button>
          </Box>
        )}
        <AsnSummary shipment={current} />
      </Stack>
    );
  } else if (!current && !canCreate) {
    body = <Alert severity="info">{t('asn.cannotShip', { what: isTransfer ? t('asn.transfer') : t('asn.po'), status })}</Alert>;
  } else if (!current && lines.every((l) => l.left <= 0)) {
    body = <Alert severity="info">{t('asn.nothingLeft')}</Alert>;
  } else {
    body = (
      <Stack spacing={2}>
        {current && <ShipmentActions shipment={current} source={source} />}
        {otherDrafts.length > 0 && <Alert severity="info">{t('asn.otherDrafts', { list: otherDrafts.map((x) => x.asn_number).join(', ') })}</Alert>}
        <AsnForm
          key={current?.id ?? 'new'}
          label={title}
          lines={lines}
          initial={current ? draftOf(current, lines) : newDraft(lines)}
          templates={templates.data ?? []}
          quantityLabel={isTransfer ? t('asn.reservedLabel') : t('asn.ordered')}
          onCancel={() => void navigate(backPath)}
          onSave={async (input) => saved(await save.mutateAsync({ id: current?.id, body: input }))}
        />
      </Stack>
    );
  }

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={title} subtitle={subtitle} actions={back} />
      {body}
    </Box>
  );
}

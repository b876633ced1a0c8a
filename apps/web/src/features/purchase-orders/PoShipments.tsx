import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { EmptyState } from '../../shared/ui/StateViews';
import { formatDate } from '../../shared/format/format';
import type { PurchaseOrder } from './api';
import { ShipmentStatusChip } from './StatusChips';
import { TrackingLink } from '../../shared/ui/TrackingLink';

const RECEIVABLE = new Set(['in_transit', 'arrived', 'processing', 'discrepancy']);

/** The PO's shipments (ASNs): each opens its own screen; open ones link to receiving for the warehouse. */
export function PoShipments({ po, portal = false }: { po: PurchaseOrder; portal?: boolean }) {
  const { t } = useTranslation('purchaseOrders');
  const session = useSession();
  const canReceive = !portal && session.can('update-asn');
  if (po.shipments.length === 0) return <EmptyState message={t('shipments.empty')} />;
  const open = (id: string) =>
    portal ? pathOf('supplier-po-shipment', { poId: po.id, shipmentId: id }) : pathOf('po-shipment', { poId: po.id, shipmentId: id });
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="po-shipments-caption">
      <Table size="small" sx={{ minWidth: 720 }}>
        <caption id="po-shipments-caption" style={{ captionSide: 'top', textAlign: 'start', padding: '8px 16px', fontWeight: 600 }}>
          {t('shipments.caption')}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('shipments.asn')}</TableCell>
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell>{t('shipments.carrier')}</TableCell>
            <TableCell>{t('shipments.tracking')}</TableCell>
            <TableCell>{t('shipments.shipDate')}</TableCell>
            <TableCell align="right">{t('shipments.expected')}</TableCell>
            <TableCell align="right">{t('shipments.received')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {po.shipments.map((s) => (
            <TableRow key={s.id}>
              <TableCell sx={{ fontWeight: 600 }}>{s.asn_number}</TableCell>
              <TableCell>
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                  <ShipmentStatusChip status={s.status} />
                  {s.has_discrepancy && <Chip size="small" color="warning" variant="outlined" label={t('shipments.discrepancy')} />}
                </Stack>
              </TableCell>
              <TableCell>{s.carrier ?? ''}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}><TrackingLink carrier={s.carrier} tracking={s.tracking_number} empty="" /></TableCell>
              <TableCell>{formatDate(s.ship_date)}</TableCell>
              <TableCell align="right">{s.qty_expected}</TableCell>
              <TableCell align="right">{s.qty_received}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {canReceive && RECEIVABLE.has(s.status) ? (
                  <Button size="small" variant="outlined" component={RouterLink} to={pathOf('asn-process', { id: s.id })} aria-label={t('shipments.receiveAsn', { asn: s.asn_number })}>
                    {t('shipments.receive')}
                  </Button>
                ) : (
                  <Button size="small" component={RouterLink} to={open(s.id)} aria-label={t('shipments.openAsn', { asn: s.asn_number })}>
                    {t('shipments.open')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

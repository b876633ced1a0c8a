import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

type Kind = 'shipmentStatus' | 'returnStatus' | 'refundStatus';

const COLOR: Record<string, ChipProps['color']> = {
  shipped: 'success', complete: 'success', completed: 'success', approved: 'info', partial: 'warning', partially_returned: 'warning',
  returned: 'default', processing: 'warning', open: 'primary', rejected: 'error', cancelled: 'default', error: 'error', discrepancy: 'error',
  canceling: 'warning', routing: 'info', in_transit: 'info', draft: 'default',
};

/** A status of a shipment, a return or a refund, in the reader's language. */
export function StatusChip({ kind, status, size = 'small' }: { kind: Kind; status: string; size?: ChipProps['size'] }) {
  const { t } = useTranslation('shipments');
  return <Chip size={size} variant="outlined" color={COLOR[status] ?? 'default'} label={t(`${kind}.${status}`, { defaultValue: status.replace(/_/g, ' ') })} />;
}

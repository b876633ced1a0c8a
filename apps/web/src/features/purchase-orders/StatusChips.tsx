import { useTranslation } from 'react-i18next';
import { Chip, type ChipProps } from '@mui/material';
import type { PoStatus } from '@omnio/domain';

const PO_COLOR: Record<PoStatus, ChipProps['color']> = {
  draft: 'default',
  open: 'info',
  sent: 'primary',
  partially_confirmed: 'warning',
  confirmed: 'success',
  completed: 'success',
  cancelled: 'default',
  error: 'error',
};

const SHIPMENT_COLOR: Record<string, ChipProps['color']> = {
  draft: 'default',
  in_transit: 'info',
  arrived: 'primary',
  processing: 'primary',
  discrepancy: 'warning',
  complete: 'success',
  cancelled: 'default',
  error: 'error',
};

export function PoStatusChip({ status, size = 'small' }: { status: PoStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation('purchaseOrders');
  return (
    <Chip
      size={size}
      data-status={status}
      color={PO_COLOR[status] ?? 'default'}
      variant={status === 'cancelled' || status === 'draft' ? 'outlined' : 'filled'}
      label={t(`status.${status}`, { defaultValue: status })}
    />
  );
}

export function ShipmentStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('purchaseOrders');
  return (
    <Chip
      size="small"
      data-status={status}
      color={SHIPMENT_COLOR[status] ?? 'default'}
      variant={status === 'cancelled' || status === 'draft' ? 'outlined' : 'filled'}
      label={t(`shipmentStatus.${status}`, { defaultValue: status })}
    />
  );
}

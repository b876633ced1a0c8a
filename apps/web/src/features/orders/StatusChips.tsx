import { useTranslation } from 'react-i18next';
import { Chip, type ChipProps } from '@mui/material';
import type { FulfillmentStatus, OrderStatus } from '@omnio/domain';

const STATUS_COLOR: Record<OrderStatus, ChipProps['color']> = {
  draft: 'default',
  on_hold: 'warning',
  open: 'info',
  closed: 'success',
  error: 'error',
  cancelled: 'default',
};

const FULFILLMENT_COLOR: Record<FulfillmentStatus, ChipProps['color']> = {
  unallocated: 'default',
  backordered: 'warning',
  partially_allocated: 'warning',
  allocated: 'success',
  partially_shipped: 'info',
  shipped: 'success',
};

export function OrderStatusChip({ status, size = 'small' }: { status: OrderStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation('orders');
  return (
    <Chip
      size={size}
      color={STATUS_COLOR[status] ?? 'default'}
      variant={status === 'cancelled' || status === 'draft' ? 'outlined' : 'filled'}
      label={t(`status.${status}`, { defaultValue: status })}
      data-status={status}
    />
  );
}

export function FulfillmentChip({ status, size = 'small' }: { status: FulfillmentStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation('orders');
  return (
    <Chip
      size={size}
      variant="outlined"
      color={FULFILLMENT_COLOR[status] ?? 'default'}
      label={t(`fulfillment.${status}`, { defaultValue: status })}
    />
  );
}

/** The human words for a spec 8 import code: what went wrong and what to fix. */
export function useErrorCodeText() {
  const { t } = useTranslation('orders');
  return (code: string | null | undefined) =>
    code
      ? {
          title: t(`errorCodes.${code}.title`, { defaultValue: code }),
          hint: t(`errorCodes.${code}.hint`, { defaultValue: t('errorCodes.unknownHint') }),
        }
      : null;
}

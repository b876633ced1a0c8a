import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOR: Record<string, ChipProps['color']> = {
  draft: 'default', awaiting_shipment: 'default', in_transit: 'info', arrived: 'primary', processing: 'warning', discrepancy: 'error',
  complete: 'success', completed: 'success', confirmed: 'primary', routing: 'info', cancelled: 'default', error: 'error',
};

/** A shipment's or a transfer's status in the reader's language; the colour only repeats the words. */
export function SupplyStatusChip({ kind = 'status', status, size = 'small' }: { kind?: 'status' | 'transferStatus'; status: string; size?: ChipProps['size'] }) {
  const { t } = useTranslation('supply');
  return <Chip size={size} variant="outlined" color={COLOR[status] ?? 'default'} label={t(`${kind}.${status}`, { defaultValue: status.replace(/_/g, ' ') })} />;
}

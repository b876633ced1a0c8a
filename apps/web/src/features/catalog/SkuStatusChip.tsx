import { useTranslation } from 'react-i18next';
import { Chip } from '@mui/material';

export function SkuStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('catalog');
  return (
    <Chip
      size="small"
      color={status === 'active' ? 'success' : 'default'}
      variant={status === 'active' ? 'filled' : 'outlined'}
      label={t(`statuses.${status}`, { defaultValue: status })}
    />
  );
}

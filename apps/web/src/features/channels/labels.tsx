import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Chip, Stack, Typography } from '@mui/material';
import type { ChannelRunCounts, ChannelRunStatus, ProcessStatus, ServiceCatalogItem } from '@omnio/domain';
import { formatDateTime } from '../../shared/format/format';

export { formatDateTime };

const PROCESS_COLOR: Record<ProcessStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  disabled: 'default',
  uninstalled: 'warning',
};

export function ProcessStatusChip({ status, size = 'small' }: { status: ProcessStatus; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('channels');
  return <Chip size={size} color={PROCESS_COLOR[status] ?? 'default'} label={t(`processStatus.${status}`, { defaultValue: status })} />;
}

const RUN_COLOR: Record<ChannelRunStatus, 'default' | 'info' | 'success' | 'error'> = {
  PENDING: 'default',
  RUNNING: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
};

export function RunStatusChip({ status }: { status: ChannelRunStatus }) {
  const { t } = useTranslation('channels');
  return <Chip size="small" variant="outlined" color={RUN_COLOR[status] ?? 'default'} label={t(`runStatus.${status}`, { defaultValue: status })} />;
}

/** The channel's logo from the catalogue, or its initial. */
export function DriverAvatar({ driver, catalog, size = 28 }: { driver: string; catalog?: readonly ServiceCatalogItem[]; size?: number }) {
  const entry = catalog?.find((c) => c.key === driver);
  return (
    <Avatar src={entry?.logo_url ?? undefined} alt="" variant="rounded" sx={{ width: size, height: size, fontSize: size / 2 }}>
      {(entry?.name ?? driver).slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

export function useDriverName(catalog?: readonly ServiceCatalogItem[]) {
  const { t } = useTranslation('channels');
  return useCallback((driver: string) => catalog?.find((c) => c.key === driver)?.name ?? t(`drivers.${driver}`, { defaultValue: driver }), [catalog, t]);
}

export function DriverLabel({ driver, catalog }: { driver: string; catalog?: readonly ServiceCatalogItem[] }) {
  const name = useDriverName(catalog)(driver);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <DriverAvatar driver={driver} catalog={catalog} size={24} />
      <Typography variant="body2" noWrap>{name}</Typography>
    </Stack>
  );
}

/** "12 received · 10 created · 1 updated · 0 duplicates · 1 failed" */
export function useCountsText() {
  const { t } = useTranslation('channels');
  return useCallback(
    (counts: ChannelRunCounts) => (['received', 'created', 'updated', 'duplicates', 'failed'] as const).map((k) => t(`counts.${k}`, { count: counts[k] })).join(' · '),
    [t],
  );
}

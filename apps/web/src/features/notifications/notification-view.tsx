import { Box, Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TARGET_PATHS, type NotificationDto, type NotificationStatus } from '@omnio/domain';
import { formatDateTime } from '../../shared/format/format';

/** Spec 4: WARNING orange warning mark, COMPLETED green check, PENDING orange clock, FAILED red alert. */
const ICONS: Record<NotificationStatus, { Icon: typeof CheckCircleIcon; color: string }> = {
  WARNING: { Icon: WarningAmberIcon, color: '#ed6c02' },
  COMPLETED: { Icon: CheckCircleIcon, color: '#2e7d32' },
  PENDING: { Icon: ScheduleIcon, color: '#ed6c02' },
  FAILED: { Icon: ErrorIcon, color: '#d32f2f' },
};

/** The status icon with its name for screen readers (and as a tooltip): colour is never the only signal. */
export function StatusIcon({ status, size = 'medium' }: { status: NotificationStatus; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('notifications');
  const { Icon, color } = ICONS[status] ?? ICONS.PENDING;
  const label = t(`status.${status}`);
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} data-status={status} sx={{ display: 'inline-flex', color }}>
        <Icon fontSize={size} aria-hidden />
      </Box>
    </Tooltip>
  );
}

/** Issue 24: the app's one date format ("Nov 28, 2026, 14:05"), in the browser's time zone. */
export function formatNotificationDate(iso: string): string {
  return formatDateTime(iso, { placeholder: '' });
}

/** Where opening a notification goes (spec 2 targets); null keeps the user where they are. */
export function targetPath(n: NotificationDto): string | null {
  const target = n.data.target;
  return target ? (NOTIFICATION_TARGET_PATHS[target] ?? null) : null;
}

export interface ReportFileRef {
  url: string;
  file_name: string;
}

/** The report file a notification carries (spec 3 mediable), when it has one. */
export function mediableOf(n: NotificationDto): ReportFileRef | null {
  const m = n.data.mediable;
  return m && typeof m.url === 'string' && typeof m.file_name === 'string' ? { url: m.url, file_name: m.file_name } : null;
}

/** On a phone the pager keeps its arrows and count; the rows-per-page choice (desktop only) would push them off screen. */
export const PHONE_PAGINATION = {
  '.MuiTablePagination-selectLabel, .MuiTablePagination-input': { display: { xs: 'none', sm: 'inline-flex' } },
  '.MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
} as const;

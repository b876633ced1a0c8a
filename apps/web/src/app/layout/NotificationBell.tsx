import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Spec 9: the badge shows the unread count, '5+' above 4. */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 4 ? '5+' : String(unread);
}

/** There is no notifications API yet: the bell shows zero unread and opens the notifications screen. */
export function NotificationBell({ unread = 0 }: { unread?: number }) {
  const { t } = useTranslation();
  const label = badgeLabel(unread);
  const name = label ? `${t('layout.notifications')} (${t('layout.notificationsUnread', { count: unread })})` : t('layout.notifications');
  return (
    <Tooltip title={t('layout.notifications')}>
      <IconButton component={RouterLink} to="/notifications" color="inherit" aria-label={name}>
        <Badge badgeContent={label} color="error" invisible={!label}>
          <NotificationsNoneOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

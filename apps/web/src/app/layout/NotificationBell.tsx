import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Paper, Portal, Stack, Tooltip, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_EVENT, type NotificationDto } from '@omnio/domain';
import { useRealtimeEvent } from '../../shared/realtime/realtime';
import { useSession } from '../../shared/session/useSession';
import { notificationsKey, useMarkNotification, useNotifications, type NotificationPage } from '../../features/notifications/api';
import { formatNotificationDate, StatusIcon, targetPath } from '../../features/notifications/notification-view';
import { useNotificationText } from '../../features/notifications/notification-text';

/** Spec 9: the badge shows the unread count, '5+' above 4. */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 4 ? '5+' : String(unread);
}

/** Spec 9 bell constants: a live list of 5, the popup closes after 3 s, the bell rings for 3 s. */
export const BELL_LIST_SIZE = 5;
export const POPUP_MS = 3000;
const RING_MS = 3000;

const ring = keyframes`
  0%, 100% { transform: rotate(0); }
  10%, 30%, 50%, 70% { transform: rotate(14deg); }
  20%, 40%, 60%, 80% { transform: rotate(-14deg); }
  90% { transform: rotate(0); }
`;

const isNotification = (v: unknown): v is NotificationDto =>
  typeof v === 'object' && v !== null && typeof (v as NotificationDto).id === 'string' && typeof (v as NotificationDto).data?.title === 'string';

/**
 * The header bell (spec 2/9): the unread count and the 5 latest, kept live by `notification-event` on the
 * user's channel — a new one goes on top, the count goes up, a popup shows it for 3 s and the bell rings.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const textOf = useNotificationText();
  const { user } = useSession();
  const userId = user?.id;
  const client = useQueryClient();
  const navigate = useNavigate();
  const key = notificationsKey(userId ?? '', { perPage: BELL_LIST_SIZE });
  const latest = useNotifications(userId, { perPage: BELL_LIST_SIZE });
  const mark = useMarkNotification();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [popup, setPopup] = useState<NotificationDto | null>(null);
  const [ringing, setRinging] = useState(false);
  const timers = useRef<{ popup?: ReturnType<typeof setTimeout>; ring?: ReturnType<typeof setTimeout> }>({});

  useEffect(() => () => {
    clearTimeout(timers.current.popup);
    clearTimeout(timers.current.ring);
  }, []);

  useRealtimeEvent(NOTIFICATION_EVENT, (data) => {
    if (!isNotification(data) || !userId) return;
    client.setQueryData<NotificationPage>(key, (page) =>
      page && !page.data.some((n) => n.id === data.id)
        ? { ...page, data: [data, ...page.data].slice(0, BELL_LIST_SIZE), total: page.total + 1, unread: page.unread + (data.read_at ? 0 : 1) }
        : page);
    // The other lists (the /notifications screen, feed history) reload; the bell keeps what it was pushed.
    void client.invalidateQueries({ queryKey: ['notifications'], predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(key) });
    setPopup(data);
    setRinging(true);
    clearTimeout(timers.current.popup);
    clearTimeout(timers.current.ring);
    timers.current.popup = setTimeout(() => setPopup(null), POPUP_MS);
    timers.current.ring = setTimeout(() => setRinging(false), RING_MS);
  });

  const unread = latest.data?.unread ?? 0;
  const items = latest.data?.data ?? [];
  const label = badgeLabel(unread);
  const name = label ? `${tc('layout.notifications')} (${tc('layout.notificationsUnread', { count: unread })})` : tc('layout.notifications');

  const open = (n: NotificationDto) => {
    setAnchor(null);
    if (!n.read_at) mark.mutate({ id: n.id, read: true });
    void navigate(targetPath(n) ?? '/notifications');
  };

  const popupText = popup ? textOf(popup) : null;
  return (
    <>
      <Tooltip title={tc('layout.notifications')}>
        <IconButton
          color="inherit"
          aria-label={name}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="notification-bell"
          data-tour="bell"
        >
          <Badge badgeContent={label} color="error" invisible={!label} data-testid="notification-badge">
            <NotificationsNoneOutlinedIcon
              data-ringing={ringing || undefined}
              sx={{ animation: ringing ? `${ring} 1s ease-in-out 3` : 'none', transformOrigin: 'top center' }}
            />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('bell.menu'), dense: true }, paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        {items.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{t('bell.none')}</Typography>
          </MenuItem>
        )}
        {items.map((n) => {
          const text = textOf(n);
          return (
            <MenuItem key={n.id} onClick={() => open(n)} sx={{ alignItems: 'flex-start', whiteSpace: 'normal', fontWeight: n.read_at ? 400 : 600 }}>
              <ListItemIcon sx={{ mt: 0.5 }}>
                <StatusIcon status={n.data.status} size="small" />
              </ListItemIcon>
              <ListItemText
                primary={text.title}
                secondary={`${text.description ? `${text.description} · ` : ''}${formatNotificationDate(n.created_at)}`}
                slotProps={{ primary: { fontWeight: 'inherit', variant: 'body2' } }}
              />
              {!n.read_at && <Box component="span" sx={{ width: 8, height: 8, mt: 1, ml: 1, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }} aria-label={t('unread')} role="img" />}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={RouterLink} to="/notifications" onClick={() => setAnchor(null)}>
          <Typography variant="body2" color="primary">{t('bell.seeAll')}</Typography>
        </MenuItem>
      </Menu>
      {/* A portal: inside the sticky app bar the card would sit under an open dialog's backdrop. */}
      {popup && popupText && (
        <Portal>
          <Paper
            role="status"
            aria-live="polite"
            aria-label={t('bell.newArrived')}
            elevation={6}
            data-testid="notification-popup"
            sx={{
              position: 'fixed', top: 72, insetInlineEnd: 16, zIndex: (th) => th.zIndex.snackbar, width: 340, maxWidth: 'calc(100vw - 32px)',
              p: 1.5, color: 'text.primary',
            }}
          >
            <Stack direction="row" spacing={1.5} alignItems="flex-start">
              <StatusIcon status={popup.data.status} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2">{popupText.title}</Typography>
                {popupText.description && <Typography variant="body2" color="text.secondary">{popupText.description}</Typography>}
              </Box>
              <IconButton size="small" aria-label={t('bell.close')} onClick={() => setPopup(null)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          </Paper>
        </Portal>
      )}
    </>
  );
}

import { useState } from 'react';
import { Box, Button, Link, List, ListItem, Paper, Stack, TablePagination, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotificationText } from './notification-text';
import type { NotificationDto } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { downloadMediable, useMarkAllNotificationsRead, useMarkNotification, useNotifications } from './api';
import { formatNotificationDate, mediableOf, PHONE_PAGINATION, StatusIcon, targetPath } from './notification-view';

type Show = 'all' | 'unread';

/** /notifications (spec 2/4): the user's notifications, newest first; opening one marks it read and goes to its target. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { user } = useSession();
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const list = useNotifications(user?.id, { page: page + 1, perPage, search: show === 'unread' ? 'read:false' : undefined });
  const markAll = useMarkAllNotificationsRead();
  const rows = list.data?.data ?? [];

  return (
    <Box sx={{ maxWidth: 960, minWidth: 0 }}>
      <Typography variant="h5" component="h1">{t('title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('subtitle')}</Typography>
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={show}
          aria-label={t('filter.label')}
          onChange={(_e, v: Show | null) => {
            if (v) {
              setShow(v);
              setPage(0);
            }
          }}
        >
          <ToggleButton value="all">{t('filter.all')}</ToggleButton>
          <ToggleButton value="unread">{t('filter.unread')}{list.data ? ` (${list.data.unread})` : ''}</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" onClick={() => markAll.mutate()} disabled={!list.data?.unread || markAll.isPending}>
          {t('markAllRead')}
        </Button>
      </Stack>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !list.data ? (
        <ErrorState message={t('toast.loadFailed', { list: t('lists.notifications') })} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState message={t(show === 'unread' ? 'emptyUnread' : 'empty')} />
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('title')}>
            {rows.map((n, i) => <NotificationRow key={n.id} n={n} divider={i < rows.length - 1} />)}
          </List>
          <TablePagination
            sx={PHONE_PAGINATION}
            component="div"
            count={list.data?.total ?? 0}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_e, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
    </Box>
  );
}

function NotificationRow({ n, divider }: { n: NotificationDto; divider: boolean }) {
  const { t } = useTranslation('notifications');
  const text = useNotificationText()(n);
  const navigate = useNavigate();
  const toast = useToast();
  const mark = useMarkNotification();
  const file = mediableOf(n);
  const unread = n.read_at === null;

  const open = () => {
    if (unread) mark.mutate({ id: n.id, read: true });
    const path = targetPath(n);
    if (path) void navigate(path);
  };
  const download = () => {
    if (!file) return;
    if (unread) mark.mutate({ id: n.id, read: true });
    downloadMediable(file).catch(() => toast.error(t('toast.downloadFailed'), t('toast.title')));
  };

  return (
    <ListItem divider={divider} data-testid="notification-row" data-unread={unread || undefined} sx={{ alignItems: 'flex-start', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Box sx={{ pt: 0.25 }}>
        <StatusIcon status={n.data.status} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link component="button" type="button" underline="hover" onClick={open} sx={{ fontWeight: unread ? 700 : 400, textAlign: 'start', color: 'text.primary' }}>
          {text.title}
        </Link>
        {text.description && <Typography variant="body2" color="text.secondary">{text.description}</Typography>}
        <Typography variant="caption" color="text.secondary">
          {formatNotificationDate(n.created_at)} · {t(unread ? 'unread' : 'read')}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0, ml: { xs: 'auto', sm: 0 } }}>
        {file && (
          <Button size="small" startIcon={<DownloadIcon />} onClick={download} aria-label={t('downloadNamed', { name: file.file_name })}>
            {t('download')}
          </Button>
        )}
        <Button size="small" variant="outlined" disabled={mark.isPending} onClick={() => mark.mutate({ id: n.id, read: unread })}>
          {t(unread ? 'markRead' : 'markUnread')}
        </Button>
      </Stack>
    </ListItem>
  );
}

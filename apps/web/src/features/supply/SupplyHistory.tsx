import { useTranslation } from 'react-i18next';
import { List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { formatDateTime } from '../../shared/format/format';
import type { HistoryEvent } from './api';

/** An object's status history, oldest first, as the server recorded it. */
export function SupplyHistory({ events, statusKind = 'status' }: { events: HistoryEvent[] | undefined; statusKind?: 'status' | 'transferStatus' }) {
  const { t } = useTranslation('supply');
  const status = (s: string | null) => (s ? t(`${statusKind}.${s}`, { defaultValue: s.replace(/_/g, ' ') }) : '');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('receive.history')}>
      <Typography variant="h6" component="h2">
        {t('receive.history')}
      </Typography>
      {!events?.length ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('receive.noHistory')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {events.map((e) => (
            <ListItem key={e.id} disableGutters divider>
              <ListItemText
                primary={`${t(`event.${e.action}`, { defaultValue: e.action.replace(/_/g, ' ') })}${e.to_status && e.to_status !== e.from_status ? ` → ${status(e.to_status)}` : ''}`}
                secondary={`${formatDateTime(e.created_at)}${e.user ? ` · ${t('receive.by', { name: e.user.name })}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

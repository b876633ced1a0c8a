import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box, Button, Card, MenuItem, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import type { TNotificationSetting, UserNotificationSettingsDto } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useNotificationSettings, useSaveNotificationSettings } from './settings-api';

const kindKey = (kind: string) => kind.replace(/[.-]/g, '_');
const same = (a: TNotificationSetting, b: TNotificationSetting) => a.bell === b.bell && a.email === b.email;

/**
 * /user-notifications (issue 24): per kind, the bell and e-mail switches of the signed-in user; a user manager
 * may pick a colleague. Saving sends only the kinds that changed.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation('notificationSettings');
  const settings = useNotificationSettings();
  const { user } = useSession();
  const [chosen, setChosen] = useState<string | null>(null);

  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState message={t('loadFailed')} onRetry={() => void settings.refetch()} />;
  const { users, can_manage_others: manage } = settings.data;
  const current = users.find((u) => u.user_id === chosen) ?? users[0];

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">{t('title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{t('intro')}</Typography>
      {manage && users.length > 1 && (
        <TextField
          select
          size="small"
          label={t('user')}
          value={current?.user_id ?? ''}
          onChange={(e) => setChosen(e.target.value)}
          sx={{ mb: 2, minWidth: { xs: '100%', sm: 320 } }}
          data-testid="notification-settings-user"
        >
          {users.map((u) => (
            <MenuItem key={u.user_id} value={u.user_id}>{u.user_id === user?.id ? t('me', { name: u.name }) : `${u.name} · ${u.email}`}</MenuItem>
          ))}
        </TextField>
      )}
      {current && <SettingsTable key={current.user_id} person={current} />}
    </Box>
  );
}

function SettingsTable({ person }: { person: UserNotificationSettingsDto }) {
  const { t } = useTranslation('notificationSettings');
  const toast = useToast();
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState<TNotificationSetting[]>(person.settings);
  useEffect(() => setDraft(person.settings), [person.settings]);
  const changed = useMemo(() => draft.filter((d) => !same(d, person.settings.find((s) => s.kind === d.kind)!)), [draft, person.settings]);

  const toggle = (kind: string, channel: 'bell' | 'email') =>
    setDraft((rows) => rows.map((r) => (r.kind === kind ? { ...r, [channel]: !r[channel] } : r)));
  const submit = async () => {
    try {
      await save.mutateAsync({ userId: person.user_id, settings: changed });
      toast.success(t('saved'));
    } catch {
      toast.error(t('saveFailed'));
    }
  };

  return (
    <Card variant="outlined">
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('kind')}</TableCell>
            <TableCell align="center" sx={{ width: { xs: 72, sm: 120 } }}>{t('bell')}</TableCell>
            <TableCell align="center" sx={{ width: { xs: 72, sm: 120 } }}>{t('email')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {draft.map((row) => {
            const label = t(`kinds.${kindKey(row.kind)}.label`);
            return (
              <TableRow key={row.kind} data-testid="notification-setting" data-kind={row.kind}>
                <TableCell>
                  <Typography variant="body2" fontWeight={600}>{label}</Typography>
                  <Typography variant="caption" color="text.secondary">{t(`kinds.${kindKey(row.kind)}.hint`)}</Typography>
                </TableCell>
                <TableCell align="center">
                  <Switch checked={row.bell} onChange={() => toggle(row.kind, 'bell')} slotProps={{ input: { 'aria-label': t('bellOf', { kind: label }) } }} />
                </TableCell>
                <TableCell align="center">
                  <Switch checked={row.email} onChange={() => toggle(row.kind, 'email')} slotProps={{ input: { 'aria-label': t('emailOf', { kind: label }) } }} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, overflowWrap: 'anywhere' }}>{t('emailNote', { email: person.email })}</Typography>
        <Button onClick={() => setDraft(person.settings)} disabled={!changed.length || save.isPending}>{t('reset')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!changed.length || save.isPending}>{t('save')}</Button>
      </Stack>
    </Card>
  );
}

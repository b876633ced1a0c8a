import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { SERVICE_STATUSES, type AppServiceItemAction, type AppServiceView } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { errorText } from '../../shared/ui/form-helpers';
import { ListPage } from '../../shared/ui/ListPage';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { ShownOnce } from '../../shared/ui/ShownOnce';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useAppServiceAction, useAppServices, useDeleteAppService } from './api';
import { AppServiceFormDialog } from './AppServiceFormDialog';
import { LifecycleButtons, StatusChip } from './Lifecycle';

const HIDDEN_ON_PHONE = ['client_id', 'grants'] as const;
type Confirming = { app: AppServiceView; action: 'deactivate' | 'delete' | 'rotate-secret' } | null;

/** Owner: OAuth client applications; the client secret is shown once, after create or a new secret. */
export function AppServicesPage() {
  const { t } = useTranslation('services');
  const { can } = useSession();
  const toast = useToast();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useAppServices({ ...grid.query, text: search, filters: { status } });
  const move = useAppServiceAction();
  const remove = useDeleteAppService();
  const [editing, setEditing] = useState<{ app: AppServiceView | null } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [shown, setShown] = useState<AppServiceView | null>(null);

  const run = async (app: AppServiceView, action: 'pause' | 'activate') => {
    try {
      await move.mutateAsync({ id: app.id, action });
      toast.success(t(`apps.moved.${action}`, { name: app.name }));
    } catch (error) {
      toast.error(`${t('apps.errors.action')}: ${errorText(error)}`);
    }
  };
  const onAction = (app: AppServiceView, action: AppServiceItemAction) => {
    if (action === 'edit') setEditing({ app });
    else if (action === 'pause' || action === 'activate') void run(app, action);
    else setConfirming({ app, action });
  };

  const columns = useMemo<GridColDef<AppServiceView>[]>(
    () => [
      {
        field: 'name', headerName: t('apps.fields.name'), flex: 1.2, minWidth: 230,
        renderCell: ({ row }) => (
          <Stack sx={{ justifyContent: 'center', height: '100%', minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>{row.name}</Typography>
            <Typography variant="caption" color="text.secondary" noWrap>{t('apps.fields.secret_hint', { hint: row.secret_hint })}</Typography>
          </Stack>
        ),
      },
      { field: 'client_id', headerName: t('apps.fields.client_id'), sortable: false, width: 230, renderCell: ({ row }) => <Box component="code">{row.client_id}</Box> },
      {
        field: 'grants', headerName: t('apps.fields.grants'), sortable: false, width: 220,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            {row.grants.map((g) => <Chip key={g} size="small" variant="outlined" label={t(`apps.grants.${g}`)} />)}
          </Stack>
        ),
      },
      { field: 'status', headerName: t('statusFilter'), width: 110, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      {
        field: 'actions', headerName: t('columns.actions'), sortable: false, width: 210,
        renderCell: ({ row }) => <LifecycleButtons name={row.name} allowed={row.allowed_actions} busy={move.isPending} onAction={(a) => onAction(row, a)} />,
      },
    ],
    // onAction only reads setters and mutations, which keep their identity between renders.
    [t, move.isPending],
  );

  const c = confirming;
  const confirmText = c && {
    deactivate: { title: t('apps.deactivateTitle'), message: t('apps.deactivateMessage', { name: c.app.name }), label: t('actions.deactivate') },
    delete: { title: t('apps.deleteTitle'), message: t('apps.deleteMessage', { name: c.app.name }), label: t('actions.delete') },
    'rotate-secret': { title: t('apps.rotateTitle'), message: t('apps.rotateMessage', { name: c.app.name }), label: t('actions.rotate-secret') },
  }[c.action];

  return (
    <ListPage
      title={t('apps.title')}
      toolbar={
        <>
          <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>{t('apps.intro')}</Typography>
          <ListToolbar
            searchLabel={t('apps.search')}
            search={text}
            onSearchChange={(next) => {
              setText(next);
              grid.resetPage();
            }}
            action={can('create-app-service') ? { label: t('apps.create'), icon: <AddIcon />, onClick: () => setEditing({ app: null }) } : undefined}
          >
            <FilterSelect
              label={t('statusFilter')} value={status} allLabel={t('allStatuses')}
              onChange={(v) => { setStatus(v); grid.resetPage(); }}
              options={SERVICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </ListToolbar>
        </>
      }
      error={list.isError ? { message: `${t('apps.errors.load')}: ${errorText(list.error)}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={search || status ? t('apps.noMatch') : t('apps.empty')}
        hideOnPhone={HIDDEN_ON_PHONE}
        rowHeight={60}
      />
      {editing && (
        <AppServiceFormDialog
          app={editing.app}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setShown(created);
          }}
        />
      )}
      <ConfirmDialog
        open={c !== null}
        title={confirmText?.title ?? ''}
        message={confirmText?.message ?? ''}
        confirmLabel={confirmText?.label ?? ''}
        destructive={c?.action !== 'rotate-secret'}
        errorPrefix={c?.action === 'delete' ? t('apps.errors.delete') : t('apps.errors.action')}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (!c) return;
          if (c.action === 'delete') {
            await remove.mutateAsync(c.app.id);
            toast.success(t('apps.deleted'));
          } else if (c.action === 'deactivate') {
            await move.mutateAsync({ id: c.app.id, action: 'deactivate' });
            toast.success(t('apps.moved.deactivate', { name: c.app.name }));
          } else {
            setShown(await move.mutateAsync({ id: c.app.id, action: 'rotate-secret' }));
          }
        }}
      />
      <Dialog open={shown !== null} onClose={() => setShown(null)} fullWidth maxWidth="sm" aria-labelledby="app-secret-title">
        <DialogTitle id="app-secret-title">{t('apps.secretTitle')}</DialogTitle>
        <DialogContent dividers>
          {shown && (
            <Stack spacing={2}>
              <Typography sx={{ fontWeight: 500 }}>{shown.name}</Typography>
              <TextField
                label={t('apps.fields.client_id')}
                value={shown.client_id}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
              {shown.client_secret && <ShownOnce label={t('apps.secretLabel')} value={shown.client_secret} warning={t('apps.secretWarning')} />}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setShown(null)}>{t('actions.done')}</Button>
        </DialogActions>
      </Dialog>
    </ListPage>
  );
}

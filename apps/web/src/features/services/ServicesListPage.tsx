import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, Box, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { SERVICE_CATEGORIES, SERVICE_STATUSES, type ServiceItemAction, type ServiceView } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { errorText } from '../../shared/ui/form-helpers';
import { ListPage } from '../../shared/ui/ListPage';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useDeleteService, useServiceAction, useServices } from './api';
import { LifecycleButtons, StatusChip } from './Lifecycle';

const HIDDEN_ON_PHONE = ['key', 'category'] as const;
type Confirming = { service: ServiceView; action: 'deactivate' | 'delete' } | null;

/** Owner: the integration catalogue, with status and the lifecycle actions the server allows. */
export function ServicesListPage() {
  const { t } = useTranslation('services');
  const { can } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useServices({ ...grid.query, text: search, filters: { status, category } });
  const move = useServiceAction();
  const remove = useDeleteService();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const run = async (service: ServiceView, action: 'pause' | 'activate' | 'deactivate') => {
    try {
      await move.mutateAsync({ id: service.id, action });
      toast.success(t(`services.moved.${action}`, { name: service.name }));
    } catch (error) {
      toast.error(`${t('services.errors.action')}: ${errorText(error)}`);
    }
  };
  const onAction = (service: ServiceView, action: ServiceItemAction) => {
    if (action === 'edit') void navigate(pathOf('service-edit', { id: service.id }));
    else if (action === 'deactivate' || action === 'delete') setConfirming({ service, action });
    else void run(service, action);
  };

  const columns = useMemo<GridColDef<ServiceView>[]>(
    () => [
      {
        field: 'name', headerName: t('services.fields.name'), flex: 1.4, minWidth: 180,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <Avatar src={row.logo_url ?? undefined} alt="" variant="rounded" sx={{ width: 28, height: 28, fontSize: 14 }}>
              {row.name.slice(0, 1)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              {row.allowed_actions.includes('edit') ? (
                <Link component={RouterLink} to={pathOf('service-edit', { id: row.id })} underline="hover" sx={{ fontWeight: 500 }}>
                  {row.name}
                </Link>
              ) : (
                <Typography variant="body2" sx={{ fontWeight: 500 }}>{row.name}</Typography>
              )}
            </Box>
          </Stack>
        ),
      },
      { field: 'key', headerName: t('services.fields.keyShort'), width: 150, renderCell: ({ row }) => <Box component="code">{row.key}</Box> },
      {
        field: 'category', headerName: t('services.fields.category'), width: 140,
        valueFormatter: (value: string) => t(`categories.${value}`, { defaultValue: value }),
      },
      { field: 'status', headerName: t('services.fields.status'), width: 110, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      {
        field: 'actions', headerName: t('columns.actions'), sortable: false, width: 170,
        renderCell: ({ row }) => <LifecycleButtons name={row.name} allowed={row.allowed_actions} busy={move.isPending} onAction={(a) => onAction(row, a)} />,
      },
    ],
    // onAction only reads setters and mutations, which keep their identity between renders.
    [t, move.isPending],
  );

  const service = confirming?.service;
  return (
    <ListPage
      title={t('services.title')}
      toolbar={
        <>
          <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>{t('services.intro')}</Typography>
          <ListToolbar
            searchLabel={t('services.search')}
            search={text}
            onSearchChange={(next) => {
              setText(next);
              grid.resetPage();
            }}
            action={can('create-service') ? { label: t('services.create'), icon: <AddIcon />, onClick: () => void navigate(pathOf('service-create')) } : undefined}
          >
            <FilterSelect
              label={t('statusFilter')} value={status} allLabel={t('allStatuses')}
              onChange={(v) => { setStatus(v); grid.resetPage(); }}
              options={SERVICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            <FilterSelect
              label={t('services.category')} value={category} allLabel={t('services.allCategories')}
              onChange={(v) => { setCategory(v); grid.resetPage(); }}
              options={SERVICE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
            />
          </ListToolbar>
        </>
      }
      error={list.isError ? { message: `${t('services.errors.load')}: ${errorText(list.error)}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={search || status || category ? t('services.noMatch') : t('services.empty')}
        hideOnPhone={HIDDEN_ON_PHONE}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action === 'delete' ? t('services.deleteTitle') : t('services.deactivateTitle')}
        message={confirming?.action === 'delete' ? t('services.deleteMessage', { name: service?.name }) : t('services.deactivateMessage', { name: service?.name })}
        confirmLabel={confirming?.action === 'delete' ? t('actions.delete') : t('actions.deactivate')}
        destructive
        errorPrefix={confirming?.action === 'delete' ? t('services.errors.delete') : t('services.errors.action')}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (!confirming) return;
          if (confirming.action === 'delete') {
            await remove.mutateAsync(confirming.service.id);
            toast.success(t('services.deleted'));
          } else {
            await move.mutateAsync({ id: confirming.service.id, action: 'deactivate' });
            toast.success(t('services.moved.deactivate', { name: confirming.service.name }));
          }
        }}
      />
    </ListPage>
  );
}

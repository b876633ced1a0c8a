import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, InputAdornment, Link, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Search from '@mui/icons-material/Search';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { FilterSelect } from '../../shared/ui/ListToolbar';
import { ErrorState } from '../../shared/ui/StateViews';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { customerName, useAllGroups, useCustomers, useDeleteCustomer, useSaveCustomer, type CustomerFilters, type CustomerSummary } from './api';
import { CompletenessChip } from './CompletenessChip';
import { CustomerFormDialog } from './CustomerFormDialog';

const HIDDEN_ON_PHONE = ['email', 'phone', 'company', 'group', 'order_count'] as const;

/** /customers: the company's customers, searchable, by group and completeness; create and delete. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<CustomerFilters>({ search: '', group: params.get('group') ?? '', complete: '' });
  const search = useDebounced(filters.search);
  const grid = useServerGrid();
  const list = useCustomers(grid.query, { ...filters, search });
  const canReadGroups = session.can('read-group');
  const groups = useAllGroups('customer', canReadGroups);
  const save = useSaveCustomer();
  const remove = useDeleteCustomer();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CustomerSummary | null>(null);
  const canDelete = session.can('delete-organization');

  const change = (next: CustomerFilters) => {
    setFilters(next);
    grid.resetPage();
  };

  const columns = useMemo<GridColDef<CustomerSummary>[]>(() => {
    const cols: GridColDef<CustomerSummary>[] = [
      {
        field: 'name', headerName: t('fields.name'), flex: 1.3, minWidth: 150,
        valueGetter: (_v, row) => customerName(row),
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf('customer-show', { id: row.id })}>
            {customerName(row)}
          </Link>
        ),
      },
      { field: 'email', headerName: t('fields.email'), flex: 1.2, minWidth: 150 },
      { field: 'phone', headerName: t('fields.phone'), width: 120, sortable: false },
      { field: 'company', headerName: t('fields.company'), flex: 1, minWidth: 110 },
      { field: 'group', headerName: t('fields.group'), width: 110, sortable: false, valueGetter: (_v, row) => row.group?.name ?? '' },
      {
        field: 'complete', headerName: t('fields.completeness'), width: 125, sortable: false,
        renderCell: ({ row }) => <CompletenessChip complete={row.complete} missing={row.missing} />,
      },
      { field: 'order_count', headerName: t('fields.orders'), width: 80, sortable: false, type: 'number' },
    ];
    if (canDelete) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 56 : 72,
        getActions: ({ row }) => [
          <GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.delete')} onClick={() => setDeleting(row)} showInMenu />,
        ],
      });
    }
    return cols;
  }, [t, phone, canDelete]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('list.title')}
        </Typography>
        {canReadGroups && (
          <Button component={RouterLink} to={pathOf('customer-groups')} startIcon={<GroupsOutlined />}>
            {t('actions.groups')}
          </Button>
        )}
      </Stack>
      {/* Wraps rather than overflowing beside the sidebar on narrower laptops. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: { sm: 'center' }, mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t('list.search')}
          value={filters.search}
          onChange={(e) => change({ ...filters, search: e.target.value })}
          sx={{ flex: { sm: '1 1 220px' }, maxWidth: { sm: 320 } }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        {canReadGroups && (
          <FilterSelect
            label={t('fields.group')}
            value={filters.group}
            onChange={(group) => change({ ...filters, group })}
            allLabel={t('list.allGroups')}
            options={[{ value: 'none', label: t('list.noGroup') }, ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))]}
          />
        )}
        <FilterSelect
          label={t('fields.completeness')}
          value={filters.complete}
          onChange={(complete) => change({ ...filters, complete })}
          allLabel={t('list.anyCompleteness')}
          options={[{ value: 'true', label: t('completeness.complete') }, { value: 'false', label: t('completeness.incomplete') }]}
        />
        {session.can('create-organization') && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} sx={{ ml: { sm: 'auto' }, whiteSpace: 'nowrap' }}>
            {t('actions.createCustomer')}
          </Button>
        )}
      </Stack>
      {list.isError && (
        <ErrorState message={`${t('errors.loadCustomers')}: ${list.error.message}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />
      )}
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={t('list.empty')}
        hideOnPhone={HIDDEN_ON_PHONE}
      />
      <CustomerFormDialog
        open={creating}
        customer={null}
        groups={groups.data ?? []}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          const created = await save.mutateAsync({ body });
          toast.success(t('notices.customerCreated', { name: customerName(created) }));
          void navigate(pathOf('customer-show', { id: created.id }));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.customerTitle')}
        message={t('delete.customerMessage', { name: deleting ? customerName(deleting) : '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteCustomer')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t('notices.customerDeleted', { name: customerName(deleting) }));
        }}
      />
    </Box>
  );
}

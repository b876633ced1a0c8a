import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Box, Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Search from '@mui/icons-material/Search';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { GroupFilter, usePartyColumns, usePartyCreated, usePartyList } from '../../shared/parties/PartyList';
import { PartyDeleteDialog } from '../../shared/parties/PartyShow';
import { FilterSelect } from '../../shared/ui/ListToolbar';
import { ErrorState } from '../../shared/ui/StateViews';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { customerName, useAllGroups, useCustomers, useDeleteCustomer, useSaveCustomer, type Customer, type CustomerFilters, type CustomerSummary } from './api';
import { CompletenessChip } from './CompletenessChip';
import { CustomerFormDialog } from './CustomerFormDialog';
import { CUSTOMER_PARTY } from './party';

const HIDDEN_ON_PHONE = ['email', 'phone', 'company', 'group', 'order_count'] as const;

/** The customer's own columns: contact details, group, completeness (spec 5) and orders. */
const ownColumns = (t: TFunction, group: GridColDef<CustomerSummary>): GridColDef<CustomerSummary>[] => [
  { field: 'email', headerName: t('fields.email'), flex: 1.2, minWidth: 150 },
  { field: 'phone', headerName: t('fields.phone'), width: 120, sortable: false },
  { field: 'company', headerName: t('fields.company'), flex: 1, minWidth: 110 },
  group,
  {
    field: 'complete', headerName: t('fields.completeness'), width: 125, sortable: false,
    renderCell: ({ row }) => <CompletenessChip complete={row.complete} missing={row.missing} />,
  },
  { field: 'order_count', headerName: t('fields.orders'), width: 80, sortable: false, type: 'number' },
];

/** /customers: the company's customers, searchable, by group and completeness; create and delete. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const session = useSession();
  const [params] = useSearchParams();
  const { filters, change, list, gridProps, creating, setCreating } = usePartyList<CustomerFilters, CustomerSummary>(
    { search: '', group: params.get('group') ?? '', complete: '' },
    useCustomers,
  );
  const canReadGroups = session.can('read-group');
  const groups = useAllGroups('customer', canReadGroups);
  const save = useSaveCustomer();
  const remove = useDeleteCustomer();
  const created = usePartyCreated<Customer>(CUSTOMER_PARTY, customerName);
  const [deleting, setDeleting] = useState<CustomerSummary | null>(null);
  const columns = usePartyColumns<CustomerSummary>(CUSTOMER_PARTY, {
    nameOf: customerName, canDelete: session.can('delete-organization'), onDelete: setDeleting, actionsWidth: 72, own: ownColumns,
  });

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
          <GroupFilter kind={CUSTOMER_PARTY} value={filters.group} onChange={(group) => change({ ...filters, group })} groups={groups.data} />
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
      <ServerDataGrid {...gridProps} columns={columns} emptyLabel={t('list.empty')} hideOnPhone={HIDDEN_ON_PHONE} />
      <CustomerFormDialog
        open={creating}
        customer={null}
        groups={groups.data ?? []}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => created(await save.mutateAsync({ body }))}
      />
      <PartyDeleteDialog
        kind={CUSTOMER_PARTY}
        party={deleting && { id: deleting.id, name: customerName(deleting) }}
        remove={(id) => remove.mutateAsync(id)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

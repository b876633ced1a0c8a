import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Box, Button, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { GroupFilter, usePartyColumns, usePartyCreated, usePartyList } from '../../shared/parties/PartyList';
import { PartyDeleteDialog } from '../../shared/parties/PartyShow';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ListPage } from '../../shared/ui/ListPage';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useDeleteSupplier, useSaveSupplier, useSupplierGroups, useSuppliers, type SupplierFilters, type SupplierSummary } from './api';
import { SUPPLIER_PARTY } from './party';
import { SupplierFormDialog } from './SupplierFormDialog';

const HIDDEN_ON_PHONE = ['email', 'payment_terms', 'lead_time_days', 'group', 'sku_count', 'open_po_count'] as const;

const supplierName = (s: SupplierSummary) => s.name;

/** The supplier's own columns: e-mail, terms, group and how much it is used. */
const ownColumns = (t: TFunction, group: GridColDef<SupplierSummary>): GridColDef<SupplierSummary>[] => [
  { field: 'email', headerName: t('fields.email'), flex: 1.2, minWidth: 140, sortable: false },
  { field: 'payment_terms', headerName: t('fields.paymentTerms'), width: 125, sortable: false },
  {
    field: 'lead_time_days', headerName: t('fields.leadTimeShort'), width: 105,
    valueFormatter: (v: number | null) => (v === null ? '—' : t('list.days', { count: v })),
  },
  group,
  { field: 'sku_count', headerName: t('fields.skuCount'), width: 70, sortable: false, type: 'number' },
  { field: 'open_po_count', headerName: t('fields.openPos'), width: 90, sortable: false, type: 'number' },
];

/** /suppliers: the company's suppliers, searchable and by group; create and delete. */
export function SuppliersPage() {
  const { t } = useTranslation('suppliers');
  const session = useSession();
  const { filters, change, list, gridProps, creating, setCreating } = usePartyList<SupplierFilters, SupplierSummary>({ search: '', group: '' }, useSuppliers);
  const canReadGroups = session.can('read-group');
  const groups = useSupplierGroups(canReadGroups);
  const save = useSaveSupplier();
  const remove = useDeleteSupplier();
  const created = usePartyCreated(SUPPLIER_PARTY, supplierName);
  const [deleting, setDeleting] = useState<SupplierSummary | null>(null);
  const columns = usePartyColumns<SupplierSummary>(SUPPLIER_PARTY, {
    nameOf: supplierName, canDelete: session.can('delete-supplier'), onDelete: setDeleting, actionsWidth: 80, own: ownColumns,
  });

  return (
    <ListPage
      title={t('list.title')}
      error={list.isError ? { message: `${t('errors.loadSuppliers')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
      toolbar={
        <>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: -1, mb: 2 }}>
            {canReadGroups && (
              <Button component={RouterLink} to={pathOf('supplier-groups')} startIcon={<GroupsOutlined />}>
                {t('actions.groups')}
              </Button>
            )}
            {session.can('read-asn') && (
              <Button component={RouterLink} to={pathOf('packing-templates')} startIcon={<Inventory2Outlined />}>
                {t('templates.title')}
              </Button>
            )}
          </Stack>
          <ListToolbar
            searchLabel={t('list.search')}
            search={filters.search}
            onSearchChange={(text) => change({ ...filters, search: text })}
            action={session.can('create-supplier') ? { label: t('actions.createSupplier'), icon: <Add />, onClick: () => setCreating(true) } : undefined}
          >
            {canReadGroups && (
              <GroupFilter kind={SUPPLIER_PARTY} value={filters.group} onChange={(group) => change({ ...filters, group })} groups={groups.data} />
            )}
          </ListToolbar>
        </>
      }
    >
      <Box sx={{ minWidth: 0 }}>
        <ServerDataGrid {...gridProps} columns={columns} emptyLabel={t('list.empty')} hideOnPhone={HIDDEN_ON_PHONE} />
      </Box>
      <SupplierFormDialog
        open={creating}
        supplier={null}
        groups={canReadGroups ? (groups.data ?? []) : undefined}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => created(await save.mutateAsync({ body }))}
      />
      <PartyDeleteDialog
        kind={SUPPLIER_PARTY}
        party={deleting && { id: deleting.id, name: deleting.name }}
        remove={(id) => remove.mutateAsync(id)}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}

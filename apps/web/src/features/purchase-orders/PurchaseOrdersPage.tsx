import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { ErrorState } from '../../shared/ui/StateViews';
import { useDebounced } from '../../shared/ui/useDebounced';
import { PO_TABS, SUPPLIER_PO_TABS, usePoCounts, usePurchaseOrders, useSupplierOptions, type PoTab } from './api';
import { PO_HIDE_ON_PHONE, poColumns } from './po-columns';

/**
 * /purchase-orders, and the supplier portal's /supplier-purchase-orders (`portal`): the same list
 * endpoint, which the server scopes to the supplier's own sent POs. The portal has no counts and no
 * supplier filter (both are tenant routes, 403 for a supplier).
 */
export function PurchaseOrdersPage({ portal = false }: { portal?: boolean }) {
  const { t, i18n } = useTranslation('purchaseOrders');
  const session = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<PoTab>('all');
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const [supplierId, setSupplierId] = useState('');
  const grid = useServerGrid(25);
  const list = usePurchaseOrders(grid.query, { tab, search, supplierId });
  const counts = usePoCounts({ search, supplierId }, !portal);
  const suppliers = useSupplierOptions(!portal && session.can('read-supplier'));
  const canCreate = !portal && session.can('create-purchase-order');
  const columns = useMemo(() => poColumns(t, i18n.language, portal), [t, i18n.language, portal]);
  const numberFormat = new Intl.NumberFormat(i18n.language === 'sp' ? 'es' : i18n.language);
  const tabs: readonly PoTab[] = portal ? SUPPLIER_PO_TABS : PO_TABS;
  const filtering = Boolean(search) || Boolean(supplierId) || tab !== 'all';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {t(portal ? 'portal.title' : 'list.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t(portal ? 'portal.subtitle' : 'list.subtitle')}
          </Typography>
        </Box>
        {canCreate && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" startIcon={<Add />} onClick={() => void navigate(pathOf('purchase-order-create'))}>
              {t('actions.new')}
            </Button>
            <Button variant="outlined" startIcon={<PlaylistAddOutlined />} onClick={() => void navigate(pathOf('po-create-by-skus'))}>
              {t('actions.bySkus')}
            </Button>
          </Stack>
        )}
      </Stack>

      <Tabs
        value={tab}
        onChange={(_e, next: PoTab) => {
          setTab(next);
          grid.resetPage();
        }}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('list.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((value) => {
          const count = counts.data?.[value];
          const label = t(value === 'all' ? 'list.all' : `status.${value}`);
          return (
            <Tab
              key={value}
              value={value}
              label={
                portal ? label : (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{label}</span>
                    <Chip
                      size="small"
                      label={count === undefined ? '…' : numberFormat.format(count)}
                      color={value === 'error' && count ? 'error' : 'default'}
                      sx={{ height: 20, '& .MuiChip-label': { px: 0.75 } }}
                    />
                  </Stack>
                )
              }
            />
          );
        })}
      </Tabs>

      <ListToolbar
        searchLabel={t('list.search')}
        search={text}
        onSearchChange={(value) => {
          setText(value);
          grid.resetPage();
        }}
      >
        {!portal && suppliers.data && (
          <FilterSelect
            label={t('fields.supplier')}
            allLabel={t('list.allSuppliers')}
            value={supplierId}
            onChange={(value) => {
              setSupplierId(value);
              grid.resetPage();
            }}
            options={suppliers.data.map((s) => ({ value: s.id, label: s.name }))}
          />
        )}
      </ListToolbar>

      {list.isError && <ErrorState message={`${t('errors.load')}: ${list.error.message}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />}
      <Box sx={{ width: '100%', minWidth: 0 }} aria-label={t('list.gridLabel')} role="region">
        <ServerDataGrid
          rows={list.data?.data ?? []}
          columns={columns}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          grid={grid}
          emptyLabel={filtering ? t('list.noMatches') : t(portal ? 'portal.empty' : 'list.empty')}
          hideOnPhone={PO_HIDE_ON_PHONE}
        />
      </Box>
    </Box>
  );
}

/** /supplier-purchase-orders: the supplier's own purchase orders. */
export function SupplierPurchaseOrdersPage() {
  return <PurchaseOrdersPage portal />;
}

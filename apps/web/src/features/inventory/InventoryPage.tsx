import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, FormControlLabel, Menu, MenuItem, Stack, Switch, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { SKU_TYPES } from '@omnio/domain';
import { listSearch } from '../../shared/api/list-query';
import { fetchSku } from '../../shared/catalog/sku-api';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { errorText } from '../../shared/ui/form-helpers';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ErrorState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useIlocs } from '../../shared/ilocs/iloc-api';
import { AdjustDialog, type IlocOption } from './AdjustDialog';
import { AvailabilityDialog } from './AvailabilityDialog';
import {
  downloadCsv, inventorySearch, useAdjustInventory, useInventory, type CsvKind, type InventoryFilters, type InventoryRow,
} from './api';
import { ImportDialog } from './ImportDialog';
import { InventoryGrid } from './InventoryGrid';
import { filtersFromLink } from './inventory-link';
import { MovementHistoryDrawer } from './MovementHistoryDrawer';

type AdjustState = { row: InventoryRow | null } | null;

export function InventoryPage() {
  const { t } = useTranslation('inventory');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<InventoryFilters>(() => filtersFromLink(params.get('search')));
  const search = useDebounced(filters.search);
  const grid = useServerGrid(50);
  const query = { ...filters, search };
  const list = useInventory(grid.query, query);
  const tenantId = session.company?.id;
  const ilocList = useIlocs(tenantId, { page: 1, perPage: 500, search: '', status: '', archived: false, orderBy: 'name', orderDirection: 'ASC' });
  const ilocs = useMemo<IlocOption[]>(
    () => (ilocList.data?.data ?? []).map((i) => ({ id: i.id, name: i.name, code: i.code })),
    [ilocList.data],
  );
  const adjust = useAdjustInventory();

  const canAdjust = session.can('update-inventory');
  const canImportInventory = canAdjust;
  // The products import creates what it does not find: it needs create-product (docs/api-catalog.md).
  const canImportProducts = session.can('create-product');
  const [adjusting, setAdjusting] = useState<AdjustState>(null);
  const [historyOf, setHistoryOf] = useState<InventoryRow | null>(null);
  const [explaining, setExplaining] = useState<InventoryRow | null>(null);
  const [importing, setImporting] = useState<CsvKind | null>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [importAnchor, setImportAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);

  const change = (next: InventoryFilters) => {
    setFilters(next);
    grid.resetPage();
  };

  const onAdjust = useCallback((row: InventoryRow) => setAdjusting({ row }), []);
  const onHistory = useCallback((row: InventoryRow) => setHistoryOf(row), []);
  const onExplain = useCallback((row: InventoryRow) => setExplaining(row), []);
  const onOpenProduct = useCallback(
    (row: InventoryRow) => {
      fetchSku(row.sku_id)
        .then((sku) => {
          if (sku.product_id) void navigate(pathOf('product-show', { id: sku.product_id }));
          else toast.info(t('notices.noProduct', { sku: row.sku }));
        })
        .catch((error: unknown) => toast.error(errorText(error), t('errors.openProduct')));
    },
    [navigate, toast, t],
  );

  const exportCsv = async (kind: CsvKind) => {
    setExportAnchor(null);
    setExporting(true);
    try {
      const params =
        kind === 'inventory'
          ? { search: inventorySearch(query), order_by: grid.query.orderBy, order_direction: grid.query.orderDirection }
          : { search: listSearch(search) };
      const file = await downloadCsv(kind, params);
      toast.success(t('notices.exported', { file }));
    } catch (error) {
      toast.error(errorText(error), t('errors.export'));
    } finally {
      setExporting(false);
    }
  };

  const ilocOptions = ilocs.map((i) => ({ value: i.id, label: i.name }));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1.5} sx={{ alignItems: { lg: 'center' }, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {t('list.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('list.subtitle')}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canAdjust && (
            <Button variant="contained" startIcon={<TuneOutlined />} onClick={() => setAdjusting({ row: null })}>
              {t('actions.adjustStock')}
            </Button>
          )}
          {session.can('create-product') && (
            <Button variant="outlined" startIcon={<Add />} onClick={() => void navigate(pathOf('product-create'))}>
              {t('actions.newProduct')}
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            endIcon={<ArrowDropDown />}
            loading={exporting}
            loadingPosition="start"
            aria-haspopup="menu"
            aria-expanded={exportAnchor ? 'true' : undefined}
            aria-controls={exportAnchor ? 'inventory-export-menu' : undefined}
            onClick={(e) => setExportAnchor(e.currentTarget)}
          >
            {t('actions.export')}
          </Button>
          {(canImportInventory || canImportProducts) && (
            <Button
              variant="outlined"
              startIcon={<FileUploadOutlined />}
              endIcon={<ArrowDropDown />}
              aria-haspopup="menu"
              aria-expanded={importAnchor ? 'true' : undefined}
              aria-controls={importAnchor ? 'inventory-import-menu' : undefined}
              onClick={(e) => setImportAnchor(e.currentTarget)}
            >
              {t('actions.import')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Menu id="inventory-export-menu" anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
        <MenuItem onClick={() => void exportCsv('inventory')}>{t('export.inventory')}</MenuItem>
        <MenuItem onClick={() => void exportCsv('products')}>{t('export.products')}</MenuItem>
      </Menu>
      <Menu id="inventory-import-menu" anchorEl={importAnchor} open={Boolean(importAnchor)} onClose={() => setImportAnchor(null)}>
        {canImportInventory && (
          <MenuItem
            onClick={() => {
              setImportAnchor(null);
              setImporting('inventory');
            }}
          >
            {t('import.menu.inventory')}
          </MenuItem>
        )}
        {canImportProducts && (
          <MenuItem
            onClick={() => {
              setImportAnchor(null);
              setImporting('products');
            }}
          >
            {t('import.menu.products')}
          </MenuItem>
        )}
      </Menu>

      <ListToolbar searchLabel={t('list.search')} search={filters.search} onSearchChange={(value) => change({ ...filters, search: value })}>
        <FilterSelect
          label={t('fields.iloc')}
          value={filters.ilocId}
          onChange={(ilocId) => change({ ...filters, ilocId })}
          allLabel={t('list.allIlocs')}
          options={ilocOptions}
        />
        <FilterSelect
          label={t('fields.type')}
          value={filters.type}
          onChange={(type) => change({ ...filters, type })}
          allLabel={t('list.allTypes')}
          options={SKU_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        />
        <FormControlLabel
          control={<Switch checked={filters.available} onChange={(e) => change({ ...filters, available: e.target.checked })} />}
          label={t('list.availableOnly')}
          sx={{ whiteSpace: 'nowrap' }}
        />
      </ListToolbar>
      {list.isError && (
        <ErrorState message={`${t('errors.load')}: ${list.error.message}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />
      )}
      <InventoryGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={filters.search || filters.ilocId || filters.type || filters.available ? t('list.noMatches') : t('list.empty')}
        canAdjust={canAdjust}
        onAdjust={onAdjust}
        onHistory={onHistory}
        onExplain={onExplain}
        onOpenProduct={onOpenProduct}
      />
      <AdjustDialog
        open={adjusting !== null}
        row={adjusting?.row ?? null}
        ilocs={ilocs}
        defaultIlocId={filters.ilocId || undefined}
        onClose={() => setAdjusting(null)}
        onSubmit={async (adjustment) => {
          await adjust.mutateAsync([adjustment]);
          const iloc = ilocs.find((i) => i.id === adjustment.iloc_id)?.name ?? adjusting?.row?.iloc_name ?? '';
          toast.success(t('notices.adjusted', { sku: adjustment.sku, iloc }));
        }}
      />
      <ImportDialog kind={importing} onClose={() => setImporting(null)} />
      <MovementHistoryDrawer row={historyOf} ilocs={ilocs} onClose={() => setHistoryOf(null)} />
      <AvailabilityDialog row={explaining} ilocs={ilocs} onClose={() => setExplaining(null)} />
    </Box>
  );
}

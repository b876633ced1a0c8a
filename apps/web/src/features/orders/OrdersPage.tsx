import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Box, Button, Chip, Stack, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import Add from '@mui/icons-material/Add';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ErrorState } from '../../shared/ui/StateViews';
import { useDebounced } from '../../shared/ui/useDebounced';
import { ORDER_TABS, useOrderCounts, useOrders, type OrderTab } from './api';
import { BulkActions } from './BulkActions';
import { ImportOrdersDialog } from './ImportOrders';
import { NO_FILTERS, NO_LINK, activeGroups, clearGroup, linkedFromParams, toFilters, type FilterGroup, type OrderFilterValues } from './order-filters';
import { OrderFiltersDialog } from './OrderFiltersDialog';
import { OrdersGrid } from './OrdersGrid';

export function OrdersPage() {
  const { t, i18n } = useTranslation('orders');
  const session = useSession();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [tab, setTab] = useState<OrderTab>('all');
  const [params] = useSearchParams();
  // A link into the list (a dashboard figure) brings its own filters; they stay until their chip is removed.
  const [linked, setLinked] = useState(() => linkedFromParams(params));
  const [text, setText] = useState(linked.text);
  const search = useDebounced(text);
  const [filterValues, setFilterValues] = useState<OrderFilterValues>(NO_FILTERS);
  const filters = useMemo(() => [...linked.filters, ...toFilters(filterValues)], [linked, filterValues]);
  const grid = useServerGrid(25);
  const list = useOrders(grid.query, { tab, search, filters, fields: linked.fields });
  const counts = useOrderCounts({ search, filters, fields: linked.fields });
  const hasLink = linked.filters.length > 0 || Boolean(linked.fields);
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [importing, setImporting] = useState(false);

  const canCreate = session.can('create-order');
  const canUpdate = session.can('update-order');
  const groups = activeGroups(filterValues);
  const numberFormat = new Intl.NumberFormat(i18n.language === 'sp' ? 'es' : i18n.language);

  const restart = () => {
    grid.resetPage();
    setSelection(new Set());
  };
  const chipLabel = (g: FilterGroup) => {
    const v = filterValues;
    switch (g) {
      case 'statuses':
        return `${t('filters.statuses')}: ${v.statuses.map((s) => t(`status.${s}`)).join(', ')}`;
      case 'fulfillment':
        return `${t('filters.fulfillment')}: ${v.fulfillment.map((s) => t(`fulfillment.${s}`)).join(', ')}`;
      case 'errorCodes':
        return `${t('filters.errorCodes')}: ${v.errorCodes.map((c) => t(`errorCodes.${c}.title`)).join(', ')}`;
      case 'channel':
        return `${t('filters.channel')} ~ ${v.channel}`;
      case 'created':
        return `${t('filters.created')}: ${v.createdFrom || '…'} – ${v.createdTo || '…'}`;
      case 'totalAbove':
        return `${t('fields.total')} > ${v.totalAbove}`;
      case 'totalBelow':
        return `${t('fields.total')} < ${v.totalBelow}`;
      case 'hold':
        return t(v.hold === 'set' ? 'filters.holdSet' : 'filters.holdBlank');
    }
  };

  const filtering = Boolean(search) || groups.length > 0 || hasLink || tab !== 'all';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {t('list.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('list.subtitle')}
          </Typography>
        </Box>
        {canCreate && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" startIcon={<Add />} onClick={() => void navigate(pathOf('order-create'))}>
              {t('actions.newOrder')}
            </Button>
            <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)}>
              {t('actions.uploadCsv')}
            </Button>
          </Stack>
        )}
      </Stack>

      <Tabs
        value={tab}
        onChange={(_e, next: OrderTab) => {
          setTab(next);
          restart();
        }}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('list.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {ORDER_TABS.map((value) => {
          const count = counts.data?.[value];
          return (
            <Tab
              key={value}
              value={value}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t(value === 'all' ? 'list.all' : `status.${value}`)}</span>
                  <Chip
                    size="small"
                    label={count === undefined ? '…' : numberFormat.format(count)}
                    color={value === 'error' && count ? 'error' : 'default'}
                    sx={{ height: 20, '& .MuiChip-label': { px: 0.75 } }}
                  />
                </Stack>
              }
            />
          );
        })}
      </Tabs>

      <ListToolbar searchLabel={t('list.search')} search={text} onSearchChange={(value) => {
        setText(value);
        restart();
      }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={
              <Badge badgeContent={groups.length} color="primary">
                <FilterListOutlined />
              </Badge>
            }
            onClick={() => setFiltersOpen(true)}
            aria-label={groups.length ? t('filters.buttonActive', { count: groups.length }) : t('filters.button')}
          >
            {t('filters.button')}
          </Button>
          {!phone && (
            <Button variant="outlined" startIcon={<ViewColumnOutlined />} onClick={() => setColumnsOpen(true)}>
              {t('columns.button')}
            </Button>
          )}
        </Stack>
      </ListToolbar>
      {(groups.length > 0 || hasLink) && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label={t('filters.active')} role="group">
          {hasLink && (
            <Chip
              label={t('filters.fromLink')}
              onDelete={() => {
                setLinked(NO_LINK);
                restart();
              }}
            />
          )}
          {groups.map((g) => (
            <Chip
              key={g}
              label={chipLabel(g)}
              onDelete={() => {
                setFilterValues((v) => clearGroup(v, g));
                restart();
              }}
            />
          ))}
          <Button size="small" onClick={() => {
            setFilterValues(NO_FILTERS);
            setLinked(NO_LINK);
            restart();
          }}>
            {t('filters.clearAll')}
          </Button>
        </Stack>
      )}

      {list.isError && (
        <ErrorState message={`${t('errors.load')}: ${list.error.message}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />
      )}
      {canUpdate && <BulkActions ids={[...selection]} onDone={() => setSelection(new Set())} />}
      <OrdersGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={filtering ? t('list.noMatches') : t('list.empty')}
        selectable={canUpdate}
        selection={selection}
        onSelectionChange={setSelection}
        columnsOpen={columnsOpen}
        onColumnsClose={() => setColumnsOpen(false)}
        showErrors={tab === 'error'}
      />
      <OrderFiltersDialog
        open={filtersOpen}
        value={filterValues}
        onClose={() => setFiltersOpen(false)}
        onApply={(next) => {
          setFilterValues(next);
          setFiltersOpen(false);
          restart();
        }}
      />
      {canCreate && <ImportOrdersDialog open={importing} onClose={() => setImporting(false)} />}
    </Box>
  );
}

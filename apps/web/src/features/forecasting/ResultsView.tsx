import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Link, List, ListItem, Paper, Stack, TextField, Typography } from '@mui/material';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { pathOf } from '../../shared/routing/routes-table';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ErrorState } from '../../shared/ui/StateViews';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useForecastResults, useSaveReorderPoints, type CreatedPo, type ForecastRunDto } from './api';
import { CreatePoDialog } from './CreatePoDialog';
import { SkuChart } from './SkuChart';
import { SuggestionGrid, rowIdOf, type SuggestionRow } from './SuggestionGrid';
import { SummaryCards } from './SummaryCards';

/** A finished run: its summary, the suggestions, a chart for the chosen SKU, and the chosen rows turned into purchase orders. */
export function ResultsView({ run }: { run: ForecastRunDto }) {
  const { t } = useTranslation('forecasting');
  const grid = useServerGrid(25);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText);
  const results = useForecastResults(run.id, { page: grid.query.page, perPage: grid.query.perPage, search }, true);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  // Chosen rows are kept whole: a selection can span pages the grid no longer holds.
  const [chosen, setChosen] = useState<Map<string, SuggestionRow>>(new Map());
  const [chartSku, setChartSku] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const [created, setCreated] = useState<CreatedPo[] | null>(null);

  const rows = useMemo(
    (): SuggestionRow[] => (results.data?.data ?? []).map((r) => {
      const id = rowIdOf(r);
      return { ...r, id, quantity: quantities[id] ?? r.suggested_quantity };
    }),
    [results.data, quantities],
  );

  const onSelection = (ids: Set<string>) =>
    setChosen((before) => {
      const next = new Map<string, SuggestionRow>();
      for (const id of ids) {
        const row = rows.find((r) => r.id === id) ?? before.get(id);
        if (row) next.set(id, row);
      }
      return next;
    });
  const onQuantity = (id: string, quantity: number) => {
    setQuantities((q) => ({ ...q, [id]: quantity }));
    setChosen((before) => {
      const row = before.get(id);
      return row ? new Map(before).set(id, { ...row, quantity }) : before;
    });
  };
  const onShowChart = useCallback((row: SuggestionRow) => setChartSku(row.sku_id), []);
  const chosenRows = [...chosen.values()];
  const reorder = useSaveReorderPoints(run.id);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {run.summary && <SummaryCards summary={run.summary} />}
      {created && (
        <Alert severity="success" onClose={() => setCreated(null)} slotProps={{ closeButton: { title: t('po.dismiss') } }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('po.createdTitle', { count: created.length })}
          </Typography>
          <List dense disablePadding aria-label={t('po.createdTitle', { count: created.length })}>
            {created.map((po) => (
              <ListItem key={po.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Link component={RouterLink} to={pathOf('purchase-order-show', { id: po.id })} sx={{ fontWeight: 600 }}>
                  {po.number}
                </Link>
                <span>{t('po.createdLine', { supplier: po.supplier.name, count: po.line_count, units: po.qty_ordered })}</span>
              </ListItem>
            ))}
          </List>
          <Link component={RouterLink} to={pathOf('purchase-orders')}>
            {t('po.toList')}
          </Link>
        </Alert>
      )}
      {reorder.isSuccess && (
        <Alert severity={reorder.data.saved > 0 ? 'success' : 'info'} onClose={() => reorder.reset()} slotProps={{ closeButton: { title: t('po.dismiss') } }}>
          {reorder.data.saved > 0 ? (
            <>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('reorder.savedTitle', { count: reorder.data.saved })}
              </Typography>
              {t('reorder.savedText')}
            </>
          ) : t('reorder.noneSaved')}
        </Alert>
      )}
      {reorder.isError && (
        <Alert severity="error" onClose={() => reorder.reset()} slotProps={{ closeButton: { title: t('po.dismiss') } }}>
          {`${t('reorder.error')}: ${reorder.error.message}`}
        </Alert>
      )}
      <Paper variant="outlined" component="section" aria-labelledby="forecast-table-title" sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, alignItems: { md: 'center' }, mb: 1.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" id="forecast-table-title">
              {t('table.heading')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('table.selectHint')} {t('table.editHint')}
              {!run.params.iloc_id && ` ${t('reorder.needsIloc')}`}
            </Typography>
          </Box>
          <TextField
            size="small" type="search" label={t('table.search')} value={searchText}
            onChange={(e) => { setSearchText(e.target.value); grid.resetPage(); }} sx={{ width: { xs: '100%', md: 240 } }}
          />
          {run.params.iloc_id && (
            <Button variant="outlined" disabled={reorder.isPending} onClick={() => reorder.mutate()} sx={{ flexShrink: 0 }}>
              {t('reorder.save')}
            </Button>
          )}
          <Button variant="contained" startIcon={<ShoppingCart />} disabled={chosenRows.length === 0} onClick={() => setDialog(true)} sx={{ flexShrink: 0 }}>
            {t('po.create')}
            {chosenRows.length > 0 && ` (${chosenRows.length})`}
          </Button>
        </Stack>
        {results.isError ? (
          <ErrorState message={`${t('errors.results')}: ${results.error.message}`} onRetry={() => void results.refetch()} />
        ) : (
          <Box sx={{ width: '100%', minWidth: 0 }}>
            <SuggestionGrid
              rows={rows}
              total={results.data?.total ?? 0}
              loading={results.isFetching}
              grid={grid}
              emptyLabel={search.trim() ? t('table.noMatch') : t('table.empty')}
              selection={new Set(chosen.keys())}
              onSelection={onSelection}
              onQuantity={onQuantity}
              onShowChart={onShowChart}
            />
          </Box>
        )}
      </Paper>
      {chartSku && <SkuChart key={chartSku} run={run} skuId={chartSku} onClose={() => setChartSku(null)} />}
      {dialog && (
        <CreatePoDialog
          rows={chosenRows}
          defaultIlocId={run.params.iloc_id ?? ''}
          onClose={() => setDialog(false)}
          onCreated={(pos) => {
            setDialog(false);
            setCreated(pos);
            setChosen(new Map());
          }}
        />
      )}
    </Stack>
  );
}

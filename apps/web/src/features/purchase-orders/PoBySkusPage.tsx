import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Checkbox, FormControlLabel, Grid, Link, List, ListItem, Paper, Stack, TextField, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { NATIVE_SELECT, errorText } from '../../shared/ui/form-helpers';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { formatMoney } from '../../shared/format/format';
import { useCreateBySkus, useIlocOptions, useSuggestions, useSupplierOptions, type BySkusBody, type PoSummary } from './api';
import { SuggestionsTable, initialChoice, type RowChoice } from './SuggestionsTable';

const clampDays = (text: string, min: number, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= 365 ? n : fallback;
};

/**
 * /po-create-by-skus: what to buy for one iloc from sales velocity, stock on hand, in transit and on
 * order, and each supplier's lead time. The buyer edits quantities and suppliers, then one draft PO per
 * supplier is created.
 */
export function PoBySkusPage() {
  const { t } = useTranslation('purchaseOrders');
  const session = useSession();
  const toast = useToast();
  const ilocs = useIlocOptions(session.company?.id);
  const suppliers = useSupplierOptions();
  const [ilocId, setIlocId] = useState('');
  const [windowText, setWindowText] = useState('30');
  const [coverText, setCoverText] = useState('30');
  const [supplierId, setSupplierId] = useState('');
  const [searchText, setSearchText] = useState('');
  const [onlyNeeded, setOnlyNeeded] = useState(true);
  const [estimatedDelivery, setEstimatedDelivery] = useState('');
  const windowDays = clampDays(useDebounced(windowText), 1, 30);
  const coverDays = clampDays(useDebounced(coverText), 0, 30);
  const search = useDebounced(searchText);
  const suggestions = useSuggestions({ ilocId, windowDays, coverDays, supplierId, search, onlyNeeded }, true);
  const [choices, setChoices] = useState<Record<string, RowChoice>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<PoSummary[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBySkus();
  const rows = suggestions.data?.data ?? [];
  const choiceOf = (id: string) => choices[id] ?? initialChoice(rows.find((r) => r.sku_id === id)!);

  const change = (skuId: string, patch: Partial<RowChoice>) => setChoices((all) => ({ ...all, [skuId]: { ...choiceOf(skuId), ...patch } }));
  const toggleAll = (selected: boolean) =>
    setChoices((all) => Object.fromEntries(rows.map((r) => [r.sku_id, { ...(all[r.sku_id] ?? initialChoice(r)), selected }])));

  const submit = async () => {
    setFailure(null);
    const found: Record<string, string> = {};
    const lines: BySkusBody['lines'] = [];
    for (const r of rows) {
      const c = choiceOf(r.sku_id);
      if (!c.selected) continue;
      if (!/^\d{1,9}$/.test(c.quantity.trim()) || Number(c.quantity) <= 0) found[`${r.sku_id}.quantity`] = t('validation.quantity');
      if (!c.supplierId) found[`${r.sku_id}.supplier`] = t('validation.supplierRequired');
      // The suggestion's cost belongs to its own supplier; another supplier's cost comes from the server.
      const cost = c.supplierId === r.supplier?.id && r.unit_cost ? { unit_cost: r.unit_cost } : {};
      lines.push({ sku: r.sku, supplier_id: c.supplierId, quantity: Number(c.quantity), ...cost });
    }
    setErrors(found);
    if (Object.keys(found).length) return setFailure(t('bySkus.fixRows'));
    if (lines.length === 0) return setFailure(t('bySkus.nothingSelected'));
    try {
      const pos = await create.mutateAsync({ iloc_id: ilocId, estimated_delivery: estimatedDelivery || null, lines });
      setCreated(pos);
      toast.success(t('bySkus.created', { count: pos.length }));
    } catch (error) {
      setFailure(`${t('errors.create')}: ${errorText(error)}`);
    }
  };

  if (created) return <Created pos={created} onAgain={() => { setCreated(null); setChoices({}); }} />;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('bySkus.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('bySkus.subtitle')}
          </Typography>
        </Box>
        <Button component={RouterLink} to={pathOf('purchase-orders')} startIcon={<ArrowBack />} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          {t('actions.backToList')}
        </Button>
      </Stack>
      <Paper variant="outlined" component="section" aria-label={t('bySkus.settings')} sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        <Grid container spacing={2} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField select fullWidth required label={t('fields.iloc')} value={ilocId} onChange={(e) => setIlocId(e.target.value)} slotProps={NATIVE_SELECT}>
              <option value="">{ilocs.isPending ? t('form.loading') : t('form.chooseIloc')}</option>
              {ilocs.data?.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.code ? `${i.name} (${i.code})` : i.name}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <TextField fullWidth type="number" label={t('bySkus.windowDays')} value={windowText} onChange={(e) => setWindowText(e.target.value)} helperText={t('bySkus.windowHint')} slotProps={{ htmlInput: { min: 1, max: 365 } }} />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <TextField fullWidth type="number" label={t('bySkus.coverDays')} value={coverText} onChange={(e) => setCoverText(e.target.value)} helperText={t('bySkus.coverHint')} slotProps={{ htmlInput: { min: 0, max: 365 } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField select fullWidth label={t('fields.supplier')} value={supplierId} onChange={(e) => setSupplierId(e.target.value)} slotProps={NATIVE_SELECT}>
              <option value="">{t('list.allSuppliers')}</option>
              {suppliers.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField fullWidth type="search" label={t('bySkus.search')} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField fullWidth type="date" label={t('fields.estimatedDelivery')} value={estimatedDelivery} onChange={(e) => setEstimatedDelivery(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormControlLabel control={<Checkbox checked={onlyNeeded} onChange={(e) => setOnlyNeeded(e.target.checked)} />} label={t('bySkus.onlyNeeded')} />
          </Grid>
        </Grid>
      </Paper>

      {!ilocId ? (
        <EmptyState message={t('bySkus.chooseIloc')} />
      ) : suggestions.isPending ? (
        <LoadingState minHeight={160} />
      ) : suggestions.isError ? (
        <ErrorState message={`${t('errors.suggestions')}: ${suggestions.error.message}`} onRetry={() => void suggestions.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState message={onlyNeeded ? t('bySkus.nothingNeeded') : t('bySkus.noSkus')} />
      ) : (
        <Stack spacing={2}>
          <SuggestionsTable rows={rows} choices={choices} suppliers={suppliers.data ?? []} errors={errors} onChange={change} onToggleAll={toggleAll} />
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => void submit()} loading={create.isPending}>
              {t('bySkus.create')}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}

function Created({ pos, onAgain }: { pos: PoSummary[]; onAgain(): void }) {
  const { t, i18n } = useTranslation('purchaseOrders');
  return (
    <Box sx={{ maxWidth: 800 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('bySkus.createdTitle', { count: pos.length })}
      </Typography>
      <Paper variant="outlined">
        <List aria-label={t('bySkus.createdList')}>
          {pos.map((po) => (
            <ListItem key={po.id} divider>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 }, width: '100%' }}>
                <Link component={RouterLink} to={pathOf('purchase-order-show', { id: po.id })} sx={{ fontWeight: 600 }}>
                  {po.number}
                </Link>
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {po.supplier.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('bySkus.createdLine', { lines: po.line_count, units: po.qty_ordered, total: formatMoney(po.total, po.currency, i18n.language) })}
                </Typography>
              </Stack>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={pathOf('purchase-orders')}>
          {t('actions.backToList')}
        </Button>
        <Button onClick={onAgain}>{t('bySkus.again')}</Button>
      </Stack>
    </Box>
  );
}

import { useTranslation } from 'react-i18next';
import {
  Box, Checkbox, FormControlLabel, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography, useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Named, Suggestion } from './api';

export interface RowChoice {
  selected: boolean;
  quantity: string;
  supplierId: string;
}

/** A suggestion's starting choice: the suggested quantity from its cheapest supplier, picked when it is needed. */
export function initialChoice(s: Suggestion): RowChoice {
  return { selected: s.suggested_quantity > 0 && s.supplier !== null, quantity: String(s.suggested_quantity), supplierId: s.supplier?.id ?? '' };
}

interface SuggestionsTableProps {
  rows: Suggestion[];
  choices: Record<string, RowChoice>;
  suppliers: Named[];
  errors: Record<string, string>;
  onChange(skuId: string, patch: Partial<RowChoice>): void;
  onToggleAll(selected: boolean): void;
}

/** The suggestions with the numbers behind them; quantity and supplier are editable per row. */
export function SuggestionsTable({ rows, choices, suppliers, errors, onChange, onToggleAll }: SuggestionsTableProps) {
  const { t, i18n } = useTranslation('purchaseOrders');
  const number = new Intl.NumberFormat(i18n.language === 'sp' ? 'es' : i18n.language, { maximumFractionDigits: 3 });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const selectedCount = rows.filter((r) => (choices[r.sku_id] ?? initialChoice(r)).selected).length;
  if (phone) return <SuggestionCards {...{ rows, choices, suppliers, errors, onChange, onToggleAll }} selectedCount={selectedCount} />;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="po-suggestions-caption">
      <Table size="small" sx={{ minWidth: 1080 }}>
        <caption id="po-suggestions-caption" style={{ captionSide: 'top', textAlign: 'start', padding: '8px 16px', fontWeight: 600 }}>
          {t('bySkus.caption', { count: rows.length, selected: selectedCount })}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={rows.length > 0 && selectedCount === rows.length}
                indeterminate={selectedCount > 0 && selectedCount < rows.length}
                onChange={(e) => onToggleAll(e.target.checked)}
                slotProps={{ input: { 'aria-label': t('bySkus.selectAll') } }}
              />
            </TableCell>
            <TableCell>{t('lines.sku')}</TableCell>
            <TableCell align="right">{t('bySkus.sold')}</TableCell>
            <TableCell align="right">{t('bySkus.velocity')}</TableCell>
            <TableCell align="right">{t('bySkus.onHand')}</TableCell>
            <TableCell align="right">{t('bySkus.inTransit')}</TableCell>
            <TableCell align="right">{t('bySkus.onOrder')}</TableCell>
            <TableCell align="right">{t('bySkus.leadTime')}</TableCell>
            <TableCell align="right">{t('bySkus.suggested')}</TableCell>
            <TableCell sx={{ minWidth: 110 }}>{t('lines.quantity')}</TableCell>
            <TableCell sx={{ minWidth: 200 }}>{t('fields.supplier')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const choice = choices[r.sku_id] ?? initialChoice(r);
            const qtyError = errors[`${r.sku_id}.quantity`];
            const supplierError = errors[`${r.sku_id}.supplier`];
            return (
              <TableRow key={r.sku_id} selected={choice.selected}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={choice.selected}
                    onChange={(e) => onChange(r.sku_id, { selected: e.target.checked })}
                    slotProps={{ input: { 'aria-label': t('bySkus.selectRow', { sku: r.sku }) } }}
                  />
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {r.sku}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {r.name}
                  </Typography>
                </TableCell>
                <TableCell align="right">{number.format(r.sold)}</TableCell>
                <TableCell align="right">{number.format(Number(r.velocity))}</TableCell>
                <TableCell align="right">{number.format(r.on_hand)}</TableCell>
                <TableCell align="right">{number.format(r.in_transit)}</TableCell>
                <TableCell align="right">{number.format(r.on_order)}</TableCell>
                <TableCell align="right">{r.lead_time_days ?? '—'}</TableCell>
                <TableCell align="right">{number.format(r.suggested_quantity)}</TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={choice.quantity}
                    onChange={(e) => onChange(r.sku_id, { quantity: e.target.value, selected: true })}
                    error={Boolean(qtyError)}
                    helperText={qtyError}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('bySkus.quantityFor', { sku: r.sku }) } }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    value={choice.supplierId}
                    onChange={(e) => onChange(r.sku_id, { supplierId: e.target.value })}
                    error={Boolean(supplierError)}
                    helperText={supplierError}
                    slotProps={{ select: { native: true }, htmlInput: { 'aria-label': t('bySkus.supplierFor', { sku: r.sku }) } }}
                  >
                    <option value="">{t('bySkus.noSupplier')}</option>
                    {suppliers.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one card per SKU with its numbers, then the quantity and supplier to order. */
function SuggestionCards({ rows, choices, suppliers, errors, onChange, onToggleAll, selectedCount }: SuggestionsTableProps & { selectedCount: number }) {
  const { t, i18n } = useTranslation('purchaseOrders');
  const number = new Intl.NumberFormat(i18n.language === 'sp' ? 'es' : i18n.language, { maximumFractionDigits: 3 });
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="h2">
          {t('bySkus.caption', { count: rows.length, selected: selectedCount })}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={rows.length > 0 && selectedCount === rows.length} indeterminate={selectedCount > 0 && selectedCount < rows.length} onChange={(e) => onToggleAll(e.target.checked)} />}
          label={t('bySkus.selectAll')}
          labelPlacement="start"
        />
      </Stack>
      <Stack spacing={1} component="ul" aria-label={t('bySkus.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((r) => {
          const choice = choices[r.sku_id] ?? initialChoice(r);
          const stats: [string, string][] = [
            [t('bySkus.sold'), number.format(r.sold)], [t('bySkus.velocity'), number.format(Number(r.velocity))],
            [t('bySkus.onHand'), number.format(r.on_hand)], [t('bySkus.inTransit'), number.format(r.in_transit)],
            [t('bySkus.onOrder'), number.format(r.on_order)], [t('bySkus.suggested'), number.format(r.suggested_quantity)],
          ];
          return (
            <Paper key={r.sku_id} component="li" variant="outlined" sx={{ p: 1.5, borderColor: choice.selected ? 'primary.main' : undefined }}>
              <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
                <Checkbox
                  checked={choice.selected}
                  onChange={(e) => onChange(r.sku_id, { selected: e.target.checked })}
                  slotProps={{ input: { 'aria-label': t('bySkus.selectRow', { sku: r.sku }) } }}
                  sx={{ mt: -1, ml: -1 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {r.sku}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {r.name}
                    {r.lead_time_days !== null ? ` · ${t('bySkus.leadTime')}: ${r.lead_time_days}` : ''}
                  </Typography>
                </Box>
              </Stack>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, my: 1 }}>
                {stats.map(([label, value]) => (
                  <Box key={label}>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {label}
                    </Typography>
                    <Typography variant="body2">{value}</Typography>
                  </Box>
                ))}
              </Box>
              <Stack direction="row" sx={{ gap: 1 }}>
                <TextField
                  size="small"
                  label={t('lines.quantity')}
                  value={choice.quantity}
                  onChange={(e) => onChange(r.sku_id, { quantity: e.target.value, selected: true })}
                  error={Boolean(errors[`${r.sku_id}.quantity`])}
                  helperText={errors[`${r.sku_id}.quantity`]}
                  sx={{ width: 110, flexShrink: 0 }}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('bySkus.quantityFor', { sku: r.sku }) } }}
                />
                <TextField
                  select
                  size="small"
                  fullWidth
                  label={t('fields.supplier')}
                  value={choice.supplierId}
                  onChange={(e) => onChange(r.sku_id, { supplierId: e.target.value })}
                  error={Boolean(errors[`${r.sku_id}.supplier`])}
                  helperText={errors[`${r.sku_id}.supplier`]}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-label': t('bySkus.supplierFor', { sku: r.sku }) } }}
                >
                  <option value="">{t('bySkus.noSupplier')}</option>
                  {suppliers.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </TextField>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}

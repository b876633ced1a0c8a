import { useTranslation } from 'react-i18next';
import {
  Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import { formatDate, formatMoney } from '../../shared/format/format';
import type { PoLine, PurchaseOrder } from './api';

function SkuCell({ line }: { line: PoLine }) {
  const { t } = useTranslation('purchaseOrders');
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {line.sku}
        </Typography>
        {line.sku_status !== 'active' && <Chip size="small" color="error" label={t(`skuStatus.${line.sku_status}`)} />}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div">
        {line.name}
        {line.supplier_sku ? ` · ${t('lines.supplierSku')} ${line.supplier_sku}` : ''}
      </Typography>
    </>
  );
}

/**
 * The lines with what was ordered, confirmed by the supplier, shipped and received; flags removed SKUs.
 * Net price and tax get a column only when some line differs from its unit cost or carries a tax, so the
 * table fits beside the menu; on phones each line is a card.
 */
export function PoLinesTable({ po }: { po: PurchaseOrder }) {
  const { t, i18n } = useTranslation('purchaseOrders');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const money = (v: string) => formatMoney(v, po.currency, i18n.language);
  const showNet = po.lines.some((l) => Number(l.net_price) !== Number(l.unit_cost));
  const showTax = po.lines.some((l) => Number(l.tax) !== 0);
  if (phone) return <PoLineCards po={po} />;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="po-lines-caption">
      <Table size="small" sx={{ minWidth: 640 }}>
        <caption id="po-lines-caption" style={{ captionSide: 'top', textAlign: 'start', padding: '8px 16px', fontWeight: 600 }}>
          {t('detail.lines')}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('lines.sku')}</TableCell>
            <TableCell align="right">{t('lines.quantity')}</TableCell>
            <TableCell align="right">{t('lines.unitCost')}</TableCell>
            {showNet && <TableCell align="right">{t('lines.netPrice')}</TableCell>}
            {showTax && <TableCell align="right">{t('lines.tax')}</TableCell>}
            <TableCell align="right">{t('lines.total')}</TableCell>
            <TableCell align="right">{t('lines.confirmed')}</TableCell>
            <TableCell align="right">{t('lines.shipped')}</TableCell>
            <TableCell align="right">{t('lines.received')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {po.lines.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{l.line_no}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <SkuCell line={l} />
              </TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(l.unit_cost)}</TableCell>
              {showNet && <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(l.net_price)}</TableCell>}
              {showTax && <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(l.tax)}</TableCell>}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(l.total)}</TableCell>
              <TableCell align="right">
                {l.confirmed_quantity ?? '—'}
                {l.confirmed_date && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {formatDate(l.confirmed_date)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{l.qty_shipped}</TableCell>
              <TableCell align="right">{l.qty_received}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PoLineCards({ po }: { po: PurchaseOrder }) {
  const { t, i18n } = useTranslation('purchaseOrders');
  const money = (v: string) => formatMoney(v, po.currency, i18n.language);
  const fact = (label: string, value: string | number) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
  return (
    <Stack spacing={1} component="ul" aria-label={t('detail.lines')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {po.lines.map((l) => (
        <Paper key={l.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Box sx={{ minWidth: 0 }}>
              <SkuCell line={l} />
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {money(l.total)}
            </Typography>
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mt: 1 }}>
            {fact(t('lines.quantity'), l.quantity)}
            {fact(t('lines.unitCost'), money(l.net_price))}
            {fact(t('lines.confirmed'), l.confirmed_quantity === null ? '—' : `${l.confirmed_quantity}${l.confirmed_date ? ` · ${formatDate(l.confirmed_date)}` : ''}`)}
            {fact(t('lines.shipped'), l.qty_shipped)}
            {fact(t('lines.received'), l.qty_received)}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

export function PoTotals({ po }: { po: PurchaseOrder }) {
  const { t, i18n } = useTranslation('purchaseOrders');
  const money = (v: string) => formatMoney(v, po.currency, i18n.language);
  const row = (label: string, value: string, testId?: string, strong = false) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 4 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Box sx={{ alignSelf: { sm: 'flex-end' }, minWidth: { sm: 320 } }} role="group" aria-label={t('form.totals')}>
      {row(t('fields.subtotal'), money(po.subtotal))}
      {row(t('fields.taxTotal'), money(po.tax_total))}
      {row(t('fields.shippingCost'), money(po.shipping_cost))}
      {row(t('fields.total'), money(po.total), 'po-total', true)}
    </Box>
  );
}

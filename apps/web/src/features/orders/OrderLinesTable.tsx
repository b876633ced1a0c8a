import { useTranslation } from 'react-i18next';
import { Box, Divider, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Order } from './api';
import { formatMoney } from '../../shared/format/format';

/** The lines with what is reserved where (per iloc), waiting for stock, shipped and returned. */
export function OrderLinesTable({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const money = (v: string | null | undefined) => formatMoney(v, order.currency, i18n.language);
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="order-lines-caption">
      <Table size="small" sx={{ minWidth: 820, '& th, & td': { px: 1 } }}>
        <caption id="order-lines-caption" style={{ captionSide: 'top', textAlign: 'start', padding: '8px 16px', fontWeight: 600 }}>
          {t('detail.lines', { count: order.lines.length })}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('lines.item')}</TableCell>
            <TableCell align="right">{t('lines.qty')}</TableCell>
            <TableCell align="right">{t('lines.price')}</TableCell>
            <TableCell align="right">{t('lines.discount')}</TableCell>
            <TableCell align="right">{t('lines.tax')}</TableCell>
            <TableCell align="right">{t('lines.total')}</TableCell>
            <TableCell>{t('lines.allocated')}</TableCell>
            <TableCell align="right">{t('lines.backordered')}</TableCell>
            <TableCell align="right">{t('lines.shipped')}</TableCell>
            <TableCell align="right">{t('lines.returned')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={10}>
                <Typography color="text.secondary">{t('detail.noLines')}</Typography>
              </TableCell>
            </TableRow>
          )}
          {order.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell sx={{ minWidth: 140, maxWidth: 220 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {line.sku}
                </Typography>
                {line.name && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {line.name}
                  </Typography>
                )}
                {!line.sku_id && (
                  <Typography variant="caption" color="error" component="div">
                    {t('detail.unknownSku')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{money(line.price)}</TableCell>
              <TableCell align="right">{money(line.discount)}</TableCell>
              <TableCell align="right">{money(line.tax)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(line.total)}
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                {line.allocations.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {line.qty_allocated || '—'}
                  </Typography>
                ) : (
                  <Stack spacing={0.25}>
                    {line.allocations.map((a) => (
                      <Typography key={a.iloc_id} variant="body2" sx={{ fontSize: 13, lineHeight: 1.35 }}>
                        {t('detail.allocatedAt', { quantity: a.quantity, iloc: a.iloc_name })}
                      </Typography>
                    ))}
                  </Stack>
                )}
              </TableCell>
              <TableCell align="right" sx={line.qty_backordered ? { color: 'warning.main', fontWeight: 600 } : undefined}>
                {line.qty_backordered}
              </TableCell>
              <TableCell align="right">{line.qty_shipped}</TableCell>
              <TableCell align="right">{line.qty_returned}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Subtotal, discount, tax, shipping and total, in the order's currency. */
export function OrderTotals({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const money = (v: string | null | undefined) => formatMoney(v, order.currency, i18n.language);
  const rows: [string, string | null | undefined][] = [
    [t('totals.subtotal'), order.subtotal],
    [t('totals.discount'), order.discount_total],
    [t('totals.tax'), order.tax_total],
    [t('totals.shipping'), order.shipping_total],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={t('totals.title')} sx={{ p: 2, width: { xs: '100%', sm: 320 }, ml: { sm: 'auto' } }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75, columnGap: 2 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'end' }}>
              {money(value)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 1 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700 }}>{t('totals.total')}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="order-total">
          {money(order.total)}
        </Typography>
      </Stack>
    </Paper>
  );
}

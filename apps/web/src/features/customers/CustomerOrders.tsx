import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Chip, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { pathOf } from '../../shared/routing/routes-table';
import { EmptyState, LoadingState } from '../../shared/ui/StateViews';
import { useCustomerOrders } from './api';
import { formatDate } from '../../shared/format/format';

/**
 * The customer's latest orders (GET /orders?search=customer_id:<id>). The orders module answers it; when it
 * cannot (an error of any kind) the section stays out of the way rather than alarming on a customer page.
 */
export function CustomerOrders({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation('customers');
  const orders = useCustomerOrders(customerId, true);
  if (orders.isError) return null;
  const rows = (orders.data?.data ?? []).filter((o) => !o.customer_id || o.customer_id === customerId);
  return (
    <section aria-labelledby="customer-orders">
      <Typography variant="h6" component="h2" id="customer-orders" sx={{ mt: 3, mb: 1.5 }}>
        {t('show.orders')}
      </Typography>
      {orders.isPending ? (
        <LoadingState minHeight={120} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState message={t('show.noOrders')} />
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-labelledby="customer-orders">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.number')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                <TableCell align="right">{t('fields.total')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fields.date')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((o) => (
                <TableRow key={o.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={pathOf('order-edit', { id: o.id })}>
                      {o.number}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={t(`orderStatus.${o.status}`, { defaultValue: o.status })} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {o.total} {o.currency}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDate(o.created_at, { language: i18n.language })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}

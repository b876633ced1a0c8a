import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Chip, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ImportErrorsTable } from '../../shared/ui/ImportErrorsTable';
import { pathOf } from '../../shared/routing/routes-table';
import type { OrderImportReport } from './api';
import { OrderStatusChip } from './StatusChips';

const CAPTION = { captionSide: 'top', textAlign: 'start', padding: '8px 16px' } as const;

/** The report of an orders CSV: counts, the rows that could not be read, and the orders written. */
export function ImportReportView({ report, linkTarget }: { report: OrderImportReport; linkTarget?: '_top' }) {
  const { t } = useTranslation('orders');
  const errors = report.errors ?? [];
  const orders = report.orders ?? [];
  const inError = orders.filter((o) => o.status === 'error').length;
  const problems = report.failed + inError;
  return (
    <Stack spacing={2}>
      <Alert severity={problems > 0 ? 'warning' : 'success'} role="status">
        {problems > 0 ? t('import.partial', { count: problems }) : t('import.done')}
      </Alert>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={t('import.summary')} role="group">
        <Chip color="success" variant="outlined" label={t('import.created', { count: report.created })} />
        <Chip color="info" variant="outlined" label={t('import.duplicates', { count: report.duplicates })} />
        <Chip color={report.failed > 0 ? 'error' : 'default'} variant="outlined" label={t('import.failedCount', { count: report.failed })} />
      </Stack>
      {errors.length > 0 && (
        <ImportErrorsTable
          id="orders-import-errors"
          caption={t('import.errorsCaption')}
          labels={{ line: t('import.line'), key: t('fields.externalId'), message: t('import.message') }}
          rows={errors.map((e) => ({ line: e.line, key: e.external_id, message: e.message }))}
        />
      )}
      {orders.length > 0 && (
        <TableContainer sx={{ maxHeight: { sm: 320 }, border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="orders-import-written">
          <Table size="small" stickyHeader>
            <caption id="orders-import-written" style={CAPTION}>
              {t('import.ordersCaption')}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 64 }}>{t('import.line')}</TableCell>
                <TableCell>{t('fields.number')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                <TableCell>{t('fields.error')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((o) => (
                <TableRow key={o.id}>
                  <TableCell>{o.line}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={pathOf('order-edit', { id: o.id })} target={linkTarget}>
                      {o.number}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <OrderStatusChip status={o.status} />
                  </TableCell>
                  <TableCell>
                    {o.error_code ? (
                      <Typography variant="body2" color="error">
                        {t(`errorCodes.${o.error_code}.title`, { defaultValue: o.error_code })}
                      </Typography>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate } from '../../shared/format/format';
import { TrackingLink } from '../../shared/ui/TrackingLink';
import type { SupplyShipment } from './api';
import { SupplyStatusChip } from './StatusChip';

/** A saved shipment read-only: its numbers, dates and, per line, what is expected and what arrived. */
export function AsnSummary({ shipment, showLines = true }: { shipment: SupplyShipment; showLines?: boolean }) {
  const { t } = useTranslation('supply');
  const facts: [string, ReactNode][] = [
    [t('fields.bol'), shipment.bol_number ?? '—'],
    [t('fields.tracking'), <TrackingLink key="t" carrier={shipment.carrier} tracking={shipment.tracking_number} />],
    [t('fields.carrier'), shipment.carrier ?? '—'],
    [t('fields.shipDate'), formatDate(shipment.ship_date) || '—'],
    [t('fields.to'), shipment.to_iloc?.name ?? '—'],
    [t('asn.boxes'), String(shipment.boxes.length)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('asn.details')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('asn.details')}
        </Typography>
        <SupplyStatusChip status={shipment.status} size="medium" />
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1.5, m: 0, mb: showLines ? 2 : 0 }}>
        {facts.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {showLines && (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.sku')}</TableCell>
              <TableCell align="right">{t('fields.expected')}</TableCell>
              <TableCell align="right">{t('fields.received')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shipment.lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell sx={{ minWidth: 120 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.sku ?? '—'}</Typography>
                  <Typography variant="caption" color="text.secondary">{l.name ?? ''}</Typography>
                </TableCell>
                <TableCell align="right">{l.qty_expected}</TableCell>
                <TableCell align="right">{l.qty_received}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      )}
    </Paper>
  );
}

import { useTranslation } from 'react-i18next';
import { Alert, Box, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { SupplyShipment, SupplyShipmentLine } from './api';

/** On a phone the split into good, hold and hurt gives way to expected, received and the discrepancy. */
const WIDE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A line's discrepancy as words, an icon and a colour: never the colour alone. */
export function DiscrepancyText({ line }: { line: SupplyShipmentLine }) {
  const { t } = useTranslation('supply');
  const d = line.discrepancy;
  if (d === 0)
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
        <CheckCircleOutline fontSize="small" aria-hidden />
        <span>{t('receive.matches')}</span>
      </Stack>
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'error.main', fontWeight: 600, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      <WarningAmber fontSize="small" aria-hidden />
      <span>{d < 0 ? t('receive.short', { count: -d }) : t('receive.over', { count: d })}</span>
    </Stack>
  );
}

/** What came in per line (good, hold, hurt) against what was expected, with the discrepancy of a settled receipt. */
export function ReceiveOutcome({ shipment }: { shipment: SupplyShipment }) {
  const { t } = useTranslation('supply');
  const settled = shipment.status === 'discrepancy' || shipment.status === 'complete';
  const off = shipment.lines.filter((l) => l.discrepancy !== 0).length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('receive.outcome')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('receive.outcome')}
      </Typography>
      {shipment.status === 'discrepancy' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('receive.discrepancyBanner', { count: off })}
        </Alert>
      )}
      {shipment.status === 'complete' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('receive.completeBanner')}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.sku')}</TableCell>
              <TableCell align="right">{t('fields.expected')}</TableCell>
              <TableCell align="right" sx={WIDE}>{t('receive.split')}</TableCell>
              <TableCell align="right">{t('fields.received')}</TableCell>
              {settled && <TableCell align="right">{t('receive.discrepancy')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shipment.lines.map((l) => (
              <TableRow key={l.id} data-testid={`outcome-${l.sku ?? l.line_no}`}>
                <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 120 }}>{l.sku ?? '—'}</TableCell>
                <TableCell align="right">{l.qty_expected}</TableCell>
                <TableCell align="right" sx={WIDE}>{`${l.qty_good} / ${l.qty_hold} / ${l.qty_hurt}`}</TableCell>
                <TableCell align="right">{l.qty_received}</TableCell>
                {settled && (
                  <TableCell align="right">
                    <DiscrepancyText line={l} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

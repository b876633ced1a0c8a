import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormGroup, FormLabel,
  Grid, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import { ZAvailabilityQuery } from '@omnio/domain';
import { errorText } from '../../shared/ui/form-helpers';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useDebounced } from '../../shared/ui/useDebounced';
import type { IlocOption } from './AdjustDialog';
import { useChannelAvailability, withRowIloc, type AvailabilityParams, type ChannelFigure, type InventoryRow } from './api';

interface AvailabilityDialogProps {
  /** The grid row whose SKU is explained; null closes the dialog. */
  row: InventoryRow | null;
  ilocs: IlocOption[];
  onClose(): void;
}

/**
 * "Why does the channel show this number?": the seller picks the locations, the reserve percentage and
 * the max-listed cap, and reads every term the server used (GET /inventory/availability).
 */
export function AvailabilityDialog({ row, ilocs, onClose }: AvailabilityDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('inventory');
  return (
    <Dialog open={row !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="availability-title">
      <DialogTitle id="availability-title" sx={{ overflowWrap: 'anywhere' }}>
        {row ? t('availability.title', { sku: row.sku }) : ''}
      </DialogTitle>
      <DialogContent dividers>{row && <AvailabilityBody key={`${row.sku_id}:${row.iloc_id}`} row={row} ilocs={ilocs} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function AvailabilityBody({ row, ilocs: listed }: { row: InventoryRow; ilocs: IlocOption[] }) {
  const { t } = useTranslation('inventory');
  // The row's own iloc is always offered, even one left out of the list (archived).
  const ilocs = useMemo(() => withRowIloc(listed, row), [listed, row]);
  const [chosen, setChosen] = useState<string[]>([row.iloc_id]);
  const [reserve, setReserve] = useState('0');
  const [maxListed, setMaxListed] = useState('');
  const current = useMemo(() => ({ chosen, reserve: reserve.trim(), maxListed: maxListed.trim() }), [chosen, reserve, maxListed]);
  // Asks the server once typing pauses.
  const typed = useDebounced(current, 300);

  // The server's own query schema checks the typed values before anything is sent.
  const problems = useMemo(() => {
    const result = ZAvailabilityQuery.safeParse({
      iloc_ids: typed.chosen, sku_ids: row.sku_id, reserve_percentage: typed.reserve || undefined, max_listed: typed.maxListed || undefined,
    });
    return new Set(result.success ? [] : result.error.issues.map((i) => String(i.path[0])));
  }, [typed, row.sku_id]);
  const params: AvailabilityParams | null =
    problems.size === 0 ? { skuId: row.sku_id, ilocIds: typed.chosen, reservePercentage: typed.reserve, maxListed: typed.maxListed } : null;
  const availability = useChannelAvailability(params);

  const toggle = (id: string, on: boolean) =>
    // Kept in the order of the list, so the explanation reads in the same order as the checkboxes.
    setChosen((current) => ilocs.map((i) => i.id).filter((x) => (x === id ? on : current.includes(x))));

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('availability.intro')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={12}>
          <FormControl component="fieldset" variant="standard">
            <FormLabel component="legend">{t('availability.ilocs')}</FormLabel>
            <FormGroup row>
              {ilocs.map((iloc) => (
                <FormControlLabel
                  key={iloc.id}
                  label={iloc.name}
                  control={<Checkbox checked={chosen.includes(iloc.id)} onChange={(e) => toggle(iloc.id, e.target.checked)} />}
                />
              ))}
            </FormGroup>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('availability.reserve')}
            value={reserve}
            onChange={(e) => setReserve(e.target.value)}
            error={problems.has('reserve_percentage')}
            helperText={problems.has('reserve_percentage') ? t('validation.reserve') : t('availability.reserveHelp')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('availability.maxListed')}
            value={maxListed}
            onChange={(e) => setMaxListed(e.target.value)}
            error={problems.has('max_listed')}
            helperText={problems.has('max_listed') ? t('validation.maxListed') : t('availability.maxListedHelp')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
      </Grid>
      <Box aria-live="polite">
        {chosen.length === 0 ? (
          <Alert severity="info">{t('availability.chooseIloc')}</Alert>
        ) : availability.isError ? (
          <ErrorState
            message={`${t('errors.availability')}: ${errorText(availability.error)}`}
            onRetry={() => void availability.refetch()}
          />
        ) : availability.data ? (
          <Box sx={{ opacity: params ? 1 : 0.5 }}>
            <Box sx={{ height: 4 }}>{availability.isFetching && <LinearProgress aria-hidden />}</Box>
            <Terms figure={availability.data} ilocs={ilocs} />
          </Box>
        ) : params ? (
          <LoadingState label={t('availability.loading')} minHeight={160} />
        ) : null}
      </Box>
    </>
  );
}

/** Every term of the published figure, in the order the server applies them. */
function Terms({ figure, ilocs }: { figure: ChannelFigure; ilocs: IlocOption[] }) {
  const { t, i18n } = useTranslation('inventory');
  const n = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const e = figure.explanation;
  const ilocName = (id: string) => ilocs.find((i) => i.id === id)?.name ?? id;
  const steps: { label: string; value: number; strong?: boolean }[] = [
    ...e.ilocs.map((i) => ({
      label: t('availability.ilocTerm', { iloc: ilocName(i.iloc_id), good: n.format(i.qty_good), reserved: n.format(i.qty_reserved) }),
      value: i.qty_available,
    })),
    { label: t('availability.pooled'), value: e.pooled_available, strong: true },
    {
      label: e.reserve_percentage > 0 ? t('availability.reserveTerm', { percentage: n.format(e.reserve_percentage) }) : t('availability.noReserve'),
      value: e.after_reserve,
    },
    { label: e.max_listed === null ? t('availability.noCap') : t('availability.capTerm', { max: n.format(e.max_listed) }), value: e.after_max_listed },
    ...(e.pack_quantity ? [{ label: t('availability.packTerm', { quantity: n.format(e.pack_quantity) }), value: e.result }] : []),
  ];
  const note = e.pack_quantity
    ? t('availability.holderPack', { quantity: e.pack_quantity, holder: e.holder.sku })
    : e.holder.sku !== figure.sku
      ? t('availability.holderSynset', { holder: e.holder.sku })
      : null;

  return (
    <>
      {note && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {note}
        </Alert>
      )}
      <Table size="small" aria-label={t('availability.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('availability.step')}</TableCell>
            <TableCell align="right">{t('availability.quantity')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {steps.map((step, index) => (
            <TableRow key={index}>
              <TableCell sx={{ fontWeight: step.strong ? 600 : undefined, overflowWrap: 'anywhere' }}>{step.label}</TableCell>
              <TableCell align="right" sx={{ fontWeight: step.strong ? 600 : undefined, whiteSpace: 'nowrap' }}>
                {n.format(step.value)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { borderBottom: 0, fontWeight: 700, fontSize: '1rem' } }}>
            <TableCell>{t('availability.result')}</TableCell>
            <TableCell align="right" data-testid="published-quantity">
              {n.format(figure.quantity)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </>
  );
}

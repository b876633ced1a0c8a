import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, Grid, ListItemText, MenuItem, TextField, useMediaQuery, useTheme,
} from '@mui/material';
import { NATIVE_SELECT } from '../../shared/ui/form-helpers';
import { FILTER_CHOICES, NO_FILTERS, filterProblems, type OrderFilterValues } from './order-filters';

interface OrderFiltersDialogProps {
  open: boolean;
  value: OrderFilterValues;
  onApply(value: OrderFilterValues): void;
  onClose(): void;
}

type ListKey = 'statuses' | 'fulfillment' | 'errorCodes';
const LABEL_PREFIX: Record<ListKey, string> = { statuses: 'status', fulfillment: 'fulfillment', errorCodes: 'errorCodes' };

/** The filter panel of /orders: each field maps to one spec 3 operator (in, like, between, gt, lt, null). */
export function OrderFiltersDialog({ open, value, onApply, onClose }: OrderFiltersDialogProps) {
  const { t } = useTranslation('orders');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState(value);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(value);
      setTried(false);
    }
  }, [open, value]);

  const problems = tried ? filterProblems(draft) : {};
  const problem = (key: keyof OrderFilterValues) => (problems[key] ? t(`filters.errors.${problems[key]}`) : undefined);
  const set = <K extends keyof OrderFilterValues>(key: K, v: OrderFilterValues[K]) => setDraft((d) => ({ ...d, [key]: v }));

  const labelOf = (key: ListKey, v: string) =>
    key === 'errorCodes' ? t(`errorCodes.${v}.title`, { defaultValue: v }) : t(`${LABEL_PREFIX[key]}.${v}`, { defaultValue: v });

  const multi = (key: ListKey) => (
    <TextField
      select
      fullWidth
      label={t(`filters.${key}`)}
      value={draft[key]}
      onChange={(e) => set(key, typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map((v) => labelOf(key, v)).join(', '),
        },
      }}
      helperText={t('filters.anyHint')}
    >
      {FILTER_CHOICES[key].map((v) => (
        <MenuItem key={v} value={v}>
          <Checkbox size="small" checked={draft[key].includes(v)} tabIndex={-1} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={labelOf(key, v)} />
        </MenuItem>
      ))}
    </TextField>
  );

  const apply = () => {
    setTried(true);
    if (Object.keys(filterProblems(draft)).length) return;
    onApply(draft);
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="order-filters-title">
      <DialogTitle id="order-filters-title">{t('filters.title')}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{multi('statuses')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{multi('fulfillment')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{multi('errorCodes')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label={t('filters.channel')}
              value={draft.channel}
              onChange={(e) => set('channel', e.target.value)}
              helperText={t('filters.containsHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="date"
              label={t('filters.createdFrom')}
              value={draft.createdFrom}
              onChange={(e) => set('createdFrom', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="date"
              label={t('filters.createdTo')}
              value={draft.createdTo}
              onChange={(e) => set('createdTo', e.target.value)}
              error={Boolean(problem('createdTo'))}
              helperText={problem('createdTo')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label={t('filters.totalAbove')}
              value={draft.totalAbove}
              onChange={(e) => set('totalAbove', e.target.value)}
              error={Boolean(problem('totalAbove'))}
              helperText={problem('totalAbove')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label={t('filters.totalBelow')}
              value={draft.totalBelow}
              onChange={(e) => set('totalBelow', e.target.value)}
              error={Boolean(problem('totalBelow'))}
              helperText={problem('totalBelow')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              label={t('filters.hold')}
              value={draft.hold}
              onChange={(e) => set('hold', e.target.value as OrderFilterValues['hold'])}
              slotProps={NATIVE_SELECT}
            >
              <option value="">{t('filters.holdAny')}</option>
              <option value="set">{t('filters.holdSet')}</option>
              <option value="blank">{t('filters.holdBlank')}</option>
            </TextField>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDraft(NO_FILTERS)}>{t('filters.clear')}</Button>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" onClick={apply}>
          {t('filters.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

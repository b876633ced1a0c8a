import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MAX_QUANTITY, ZAdjustment } from '@omnio/domain';
import {
  Alert, Autocomplete, Box, Dialog, DialogTitle, FormControl, FormControlLabel, FormLabel, Grid, Radio, RadioGroup, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useSkuOptions } from '../../shared/catalog/sku-api';
import { useCatalogField, useErrorText } from '../../shared/forms/catalog-form-fields';
import { skuCodeProblem } from '../../shared/catalog/sku-code';
import { ADJUST_REASONS, BUCKETS, type Adjustment, type Bucket, type InventoryRow } from './api';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';

export interface IlocOption {
  id: string;
  name: string;
  code: string | null;
}

const ZAdjustForm = z
  .object({
    sku: z.string().trim(),
    iloc_id: z.string().min(1, 'validation.ilocRequired'),
    bucket: z.enum(BUCKETS),
    mode: z.enum(['delta', 'set']),
    quantity: z.string().trim(),
    reason: z.enum(ADJUST_REASONS),
    note: z.string().trim().max(500, 'validation.noteLength'),
  })
  .superRefine((form, ctx) => {
    const problem = skuCodeProblem(form.sku);
    if (problem) ctx.addIssue({ code: 'custom', path: ['sku'], message: problem });
    // Spec 5: whole-number quantities; a change is never zero, a count is never negative.
    if (form.mode === 'delta' && !(/^[-+]?\d+$/.test(form.quantity) && Number(form.quantity) !== 0 && Math.abs(Number(form.quantity)) <= MAX_QUANTITY)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'validation.delta' });
    }
    if (form.mode === 'set' && !(/^\d+$/.test(form.quantity) && Number(form.quantity) <= MAX_QUANTITY)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'validation.set' });
    }
  });
type AdjustForm = z.infer<typeof ZAdjustForm>;

const BUCKET_FIELD: Record<Bucket, keyof InventoryRow> = {
  good: 'qty_good', hold: 'qty_hold', hurt: 'qty_hurt', in_transit: 'qty_in_transit',
};

interface AdjustDialogProps {
  open: boolean;
  /** The inventory row adjusted in place; null lets the user pick the SKU and iloc. */
  row: InventoryRow | null;
  ilocs: IlocOption[];
  /** The iloc chosen in the list's filter, preselected when adjusting from the toolbar. */
  defaultIlocId?: string;
  onClose(): void;
  onSubmit(adjustment: Adjustment): Promise<unknown>;
}

export function AdjustDialog(props: AdjustDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('inventory');
  const { open, row, onClose } = props;
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="adjust-title">
      <DialogTitle id="adjust-title">{row ? t('adjust.titleFor', { sku: row.sku, iloc: row.iloc_name }) : t('adjust.title')}</DialogTitle>
      {open && <AdjustForm key={row ? `${row.sku_id}:${row.iloc_id}` : 'new'} {...props} />}
    </Dialog>
  );
}

function AdjustForm({ row, ilocs, defaultIlocId, onClose, onSubmit }: AdjustDialogProps) {
  const { t } = useTranslation('inventory');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<AdjustForm>({
    resolver: zodResolver(ZAdjustForm),
    defaultValues: {
      sku: row?.sku ?? '',
      iloc_id: row?.iloc_id ?? defaultIlocId ?? (ilocs.length === 1 ? (ilocs[0]?.id ?? '') : ''),
      bucket: 'good',
      mode: 'delta',
      quantity: '',
      reason: 'cycle_count',
      note: '',
    },
  });
  const field = useCatalogField(form, 'inventory');
  const errorOf = useErrorText('inventory');
  const [bucket, mode, quantity] = useWatch({ control: form.control, name: ['bucket', 'mode', 'quantity'] });
  const current = row ? Number(row[BUCKET_FIELD[bucket]]) : null;
  const amount = /^[-+]?\d+$/.test(quantity.trim()) ? Number(quantity) : null;
  const result = current === null || amount === null ? null : mode === 'set' ? amount : current + amount;

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const amountValue = Number(values.quantity);
    const adjustment: Adjustment = {
      sku: values.sku,
      iloc_id: values.iloc_id,
      bucket: values.bucket,
      reason: values.reason,
      ...(values.note ? { note: values.note } : {}),
      ...(values.mode === 'set' ? { set: amountValue } : { delta: amountValue }),
    };
    // The shared request schema has the last word (whole numbers, bounds) before anything is sent.
    const checked = ZAdjustment.safeParse(adjustment);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const name = String(issue?.path[0] ?? '');
      form.setError(name === 'delta' || name === 'set' ? 'quantity' : (name as keyof AdjustForm), { type: 'schema', message: issue?.message });
      return;
    }
    try {
      await onSubmit(adjustment);
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(
        error,
        (key) => {
          const name = key.replace(/^adjustments\.\d+\./, '');
          if (name === 'delta' || name === 'set') return 'quantity';
          return ['sku', 'iloc_id', 'bucket', 'reason', 'note'].includes(name) ? name : null;
        },
        form.setError,
      );
      if (!matched || unmatched.length) setBanner(`${t('errors.adjust')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.applyAdjustment')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      {row && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {row.name}
          </Typography>
          <Typography variant="body2">
            {t('adjust.current', {
              available: row.qty_available, good: row.qty_good, hold: row.qty_hold, hurt: row.qty_hurt,
              in_transit: row.qty_in_transit, reserved: row.qty_reserved,
            })}
          </Typography>
        </Box>
      )}
      <Grid container spacing={2}>
        {!row && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="sku"
                render={({ field: sku, fieldState }) => (
                  <SkuInput
                    value={sku.value}
                    onChange={sku.onChange}
                    onBlur={sku.onBlur}
                    inputRef={sku.ref}
                    error={errorOf(fieldState.error?.message)}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('iloc_id')} select label={t('fields.iloc')} required slotProps={NATIVE_SELECT}>
                <option value="">{t('adjust.chooseIloc')}</option>
                {ilocs.map((iloc) => (
                  <option key={iloc.id} value={iloc.id}>
                    {iloc.code ? `${iloc.name} (${iloc.code})` : iloc.name}
                  </option>
                ))}
              </TextField>
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('bucket')} select label={t('fields.bucket')} slotProps={NATIVE_SELECT}>
            {BUCKETS.map((b) => (
              <option key={b} value={b}>
                {t(`buckets.${b}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('reason')} select label={t('fields.reason')} slotProps={NATIVE_SELECT}>
            {ADJUST_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`reasons.${r}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={form.control}
            name="mode"
            render={({ field: modeField }) => (
              <FormControl>
                <FormLabel id="adjust-mode-label">{t('fields.mode')}</FormLabel>
                <RadioGroup row aria-labelledby="adjust-mode-label" name={modeField.name} value={modeField.value} onChange={(e) => modeField.onChange(e.target.value)}>
                  <FormControlLabel value="delta" control={<Radio />} label={t('adjust.delta')} />
                  <FormControlLabel value="set" control={<Radio />} label={t('adjust.set')} />
                </RadioGroup>
              </FormControl>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('quantity', undefined, result !== null ? t('adjust.result', { bucket: t(`buckets.${bucket}`), quantity: result }) : t(mode === 'set' ? 'adjust.setHelp' : 'adjust.deltaHelp'))}
            label={mode === 'set' ? t('fields.newCount') : t('fields.delta')}
            required
            autoFocus={Boolean(row)}
            slotProps={{ htmlInput: { inputMode: mode === 'set' ? 'numeric' : 'text' } }}
          />
        </Grid>
        {result !== null && result < 0 && (
          <Grid size={12}>
            <Alert severity="warning">{t('adjust.negative')}</Alert>
          </Grid>
        )}
        <Grid size={12}>
          <TextField {...field('note')} label={t('fields.note')} multiline minRows={2} />
        </Grid>
      </Grid>
    </FormDialogBody>
  );
}

interface SkuInputProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  inputRef: React.Ref<HTMLInputElement>;
  error?: string;
}

/** A SKU code: typed freely, with suggestions from the catalog. */
function SkuInput({ value, onChange, onBlur, inputRef, error }: SkuInputProps) {
  const { t } = useTranslation('inventory');
  const text = useDebounced(value, 250);
  const options = useSkuOptions(text);
  const skus = options.data ?? [];
  return (
    <Autocomplete
      freeSolo
      options={skus.map((s) => s.sku)}
      filterOptions={(o) => o}
      inputValue={value}
      onInputChange={(_e, next) => onChange(next)}
      getOptionLabel={(o) => o}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        const sku = skus.find((s) => s.sku === option);
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{option}</Typography>
              {sku && (
                <Typography variant="caption" color="text.secondary">
                  {sku.name}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          onBlur={onBlur}
          label={t('fields.sku')}
          required
          autoFocus
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  Checkbox, Dialog, DialogTitle, FormControl, FormControlLabel, FormGroup, FormLabel, Grid, InputAdornment, Switch, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import { PACKAGE_TYPES, SHIP_METHODS, ZDimension, ZPackageCreate, zDecimal, type TPackageCreate } from '@omnio/domain';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import type { Package } from './api';
import { useCatalogField, useErrorText } from '../../shared/forms/catalog-form-fields';
import { firstProblem } from '../../shared/catalog/sku-code';
import { SkuPicker, type SkuRef } from './SkuPicker';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';

const DIMENSIONS = ['length', 'width', 'height'] as const;
const NUMERIC = [
  'box_weight', 'max_weight', 'outer_length', 'outer_width', 'outer_height', 'inner_length', 'inner_width', 'inner_height', 'volume_capacity',
] as const;
type NumericField = (typeof NUMERIC)[number];

/** What the inputs hold: text for the measures, the chosen SKUs with their codes for the picker. */
interface PackageInput extends Record<NumericField, string> {
  name: string;
  type: string;
  stackable: boolean;
  ship_methods: string[];
  skus: SkuRef[];
}

/**
 * The inputs turned into the request body and checked by the shared ZPackageCreate (spec 5: values ≥ 0
 * with bounded decimals, inner within outer, box weight within the max weight).
 */
const ZPackageForm = z
  .custom<PackageInput>()
  .superRefine((v, ctx) => {
    // Each measure on its own first: the shared schema's optional-or-decimal unions report a bad value
    // as "Invalid input", this names the rule.
    for (const f of NUMERIC) {
      const value = v[f].trim();
      if (!value) continue;
      const problem = firstProblem(f === 'volume_capacity' ? zDecimal(3, 11) : ZDimension, value);
      if (problem) ctx.addIssue({ code: 'custom', path: [f], message: problem });
      else if (f !== 'box_weight' && !/[1-9]/.test(value)) ctx.addIssue({ code: 'custom', path: [f], message: 'The value must be greater than 0' });
    }
  })
  .transform((v): z.input<typeof ZPackageCreate> => ({
    name: v.name,
    type: v.type as z.input<typeof ZPackageCreate>['type'],
    stackable: v.stackable,
    ...(Object.fromEntries(NUMERIC.map((f) => [f, v[f].trim()])) as Record<NumericField, string>),
    ship_methods: v.ship_methods as z.input<typeof ZPackageCreate>['ship_methods'],
    sku_ids: v.skus.map((s) => s.id),
  }))
  .pipe(ZPackageCreate);

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function toInput(pkg: Package | null): PackageInput {
  const numeric = Object.fromEntries(NUMERIC.map((f) => [f, text(pkg?.[f])])) as Record<NumericField, string>;
  return {
    name: pkg?.name ?? '',
    type: pkg?.type ?? 'box',
    stackable: pkg?.stackable ?? true,
    ...numeric,
    ship_methods: pkg?.ship_methods ?? [],
    skus: pkg?.skus ?? (pkg?.sku_ids ?? []).map((id) => ({ id, sku: id })),
  };
}

interface PackageFormDialogProps {
  open: boolean;
  pkg: Package | null;
  onClose(): void;
  onSubmit(body: TPackageCreate): Promise<unknown>;
}

export function PackageFormDialog({ open, pkg, onClose, onSubmit }: PackageFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('catalog');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="package-form-title">
      <DialogTitle id="package-form-title">{pkg ? t('packaging.editTitle', { name: pkg.name }) : t('packaging.createTitle')}</DialogTitle>
      {open && <PackageFormBody key={pkg?.id ?? 'new'} pkg={pkg} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function PackageFormBody({ pkg, onClose, onSubmit }: Omit<PackageFormDialogProps, 'open'>) {
  const { t } = useTranslation('catalog');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<PackageInput, unknown, TPackageCreate>({ resolver: zodResolver(ZPackageForm), defaultValues: toInput(pkg) });
  const field = useCatalogField(form);
  const errorOf = useErrorText();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const { ref: stackableRef, ...stackable } = form.register('stackable');

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      const known = new Set<string>(['name', 'type', 'stackable', ...NUMERIC, 'ship_methods']);
      const { matched, unmatched } = applyFieldErrors(
        error,
        (key) => (known.has(key) ? key : key.startsWith('ship_methods') ? 'ship_methods' : key.startsWith('sku_ids') ? 'skus' : null),
        form.setError,
      );
      if (!matched || unmatched.length) {
        setBanner(`${t(pkg ? 'errors.updatePackage' : 'errors.createPackage')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
      }
    }
  });

  const num = (name: NumericField, unit: 'weight' | 'length' | 'volume', short?: string) => (
    <TextField
      {...field(name)}
      // Three measures share a phone's row: they show a short label under their section heading.
      label={compact && short ? short : t(`packaging.fields.${name}`)}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-label': t(`packaging.fields.${name}`) },
        input: { endAdornment: <InputAdornment position="end">{t(`packaging.units.${unit}`)}</InputAdornment> },
      }}
    />
  );

  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('name')} label={t('fields.name')} required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField {...field('type')} select label={t('fields.type')} slotProps={NATIVE_SELECT}>
            {PACKAGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`packaging.types.${type}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <FormControlLabel
            control={<Switch {...stackable} inputRef={stackableRef} defaultChecked={form.getValues('stackable')} />}
            label={t('packaging.fields.stackable')}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>{num('box_weight', 'weight')}</Grid>
        <Grid size={{ xs: 6, sm: 4 }}>{num('max_weight', 'weight')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{num('volume_capacity', 'volume')}</Grid>
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3">
            {t('packaging.outer')}
          </Typography>
        </Grid>
        {DIMENSIONS.map((d) => (
          <Grid key={`outer_${d}`} size={{ xs: 4 }}>
            {num(`outer_${d}`, 'length', t(`packaging.dims.${d}`))}
          </Grid>
        ))}
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3">
            {t('packaging.inner')}
          </Typography>
        </Grid>
        {DIMENSIONS.map((d) => (
          <Grid key={`inner_${d}`} size={{ xs: 4 }}>
            {num(`inner_${d}`, 'length', t(`packaging.dims.${d}`))}
          </Grid>
        ))}
        <Grid size={12}>
          <Controller
            control={form.control}
            name="ship_methods"
            render={({ field: methods }) => (
              <FormControl component="fieldset" variant="standard">
                <FormLabel component="legend">{t('packaging.fields.ship_methods')}</FormLabel>
                <FormGroup row>
                  {SHIP_METHODS.map((method) => (
                    <FormControlLabel
                      key={method}
                      label={t(`packaging.shipMethods.${method}`)}
                      control={
                        <Checkbox
                          checked={methods.value.includes(method)}
                          onChange={(e) =>
                            methods.onChange(e.target.checked ? [...methods.value, method] : methods.value.filter((m) => m !== method))
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </FormControl>
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={form.control}
            name="skus"
            render={({ field: skus, fieldState }) => (
              <SkuPicker
                label={t('packaging.fields.skus')}
                value={skus.value}
                onChange={skus.onChange}
                hint={t('packaging.skusHelp')}
                error={errorOf(fieldState.error?.message)}
              />
            )}
          />
        </Grid>
      </Grid>
    </FormDialogBody>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Alert, Autocomplete, Box, Button, Grid, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useSkuOptions, type Sku } from '../../shared/catalog/sku-api';
import { formatMoney } from '../../shared/format/format';
import { usePoErrorText, usePoField } from '../../shared/forms/po-form-fields';
import { emptyLine, lineTotal, type PoFormValues } from './po-form';

type Form = UseFormReturn<PoFormValues>;

/** Purchase-order lines: SKU (searched in the catalog, or typed), quantity, unit cost, net price, tax, total. */
export function PoLinesSection({ form }: { form: Form }) {
  const { t } = useTranslation('purchaseOrders');
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const errorText = usePoErrorText();
  const rootError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;
  return (
    <Stack spacing={2}>
      {rootError && <Alert severity="error">{errorText(rootError)}</Alert>}
      {lines.fields.map((row, index) => (
        <LineFields key={row.id} form={form} index={index} canRemove={lines.fields.length > 1} onRemove={() => lines.remove(index)} />
      ))}
      <Box>
        <Button startIcon={<Add />} onClick={() => lines.append(emptyLine(), { focusName: `lines.${lines.fields.length}.sku` })}>
          {t('form.addLine')}
        </Button>
      </Box>
    </Stack>
  );
}

function LineFields({ form, index, canRemove, onRemove }: { form: Form; index: number; canRemove: boolean; onRemove(): void }) {
  const { t, i18n } = useTranslation('purchaseOrders');
  const field = usePoField(form);
  const errorText = usePoErrorText();
  const [input, setInput] = useState('');
  const text = useDebounced(input.trim(), 250);
  const options = useSkuOptions(text);
  const line = useWatch({ control: form.control, name: `lines.${index}` });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const n = index + 1;
  const titleId = `po-line-${index}-title`;

  return (
    <Paper variant="outlined" role="group" aria-labelledby={titleId} sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h3" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {t('form.lineN', { n })}
          {line?.sku ? ` · ${line.sku}` : ''}
          {line?.name ? ` · ${line.name}` : ''}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label={t('form.lineTotal')}>
          {line ? formatMoney(lineTotal(line), currency?.toUpperCase(), i18n.language) : ''}
        </Typography>
        <Tooltip title={t('form.removeLine', { n })}>
          <span>
            <IconButton aria-label={t('form.removeLine', { n })} onClick={onRemove} disabled={!canRemove} edge="end" size="small">
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            control={form.control}
            name={`lines.${index}.sku`}
            render={({ field: sku, fieldState }) => (
              <Autocomplete<Sku, false, false, true>
                freeSolo
                options={options.data ?? []}
                filterOptions={(o) => o}
                getOptionLabel={(o) => (typeof o === 'string' ? o : o.sku)}
                inputValue={sku.value}
                onInputChange={(_e, next) => {
                  sku.onChange(next);
                  setInput(next);
                }}
                onChange={(_e, chosen) => {
                  if (chosen && typeof chosen !== 'string') {
                    sku.onChange(chosen.sku);
                    form.setValue(`lines.${index}.name`, chosen.name);
                  }
                }}
                loading={options.isFetching}
                loadingText={t('form.searching')}
                noOptionsText={t('form.noSkus')}
                renderOption={({ key, ...props }, option) => (
                  <Box component="li" key={key} {...props}>
                    <Stack sx={{ minWidth: 0 }}>
                      <Typography variant="body2">{option.sku}</Typography>
                      <Typography variant="caption" color="text.secondary" noWrap>
                        {option.name}
                      </Typography>
                    </Stack>
                  </Box>
                )}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={sku.ref}
                    name={sku.name}
                    onBlur={sku.onBlur}
                    label={t('lines.sku')}
                    required
                    error={Boolean(fieldState.error)}
                    helperText={errorText(fieldState.error?.message)}
                    slotProps={{ htmlInput: { ...params.inputProps, spellCheck: false, autoCapitalize: 'characters' } }}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>
          <TextField {...field(`lines.${index}.quantity`)} label={t('lines.quantity')} required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>
          <TextField {...field(`lines.${index}.unit_cost`)} label={t('lines.unitCost')} placeholder={t('form.supplierCost')} slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>
          <TextField {...field(`lines.${index}.net_price`)} label={t('lines.netPrice')} placeholder={t('form.sameAsCost')} slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>
          <TextField {...field(`lines.${index}.tax`)} label={t('lines.tax')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        </Grid>
      </Grid>
    </Paper>
  );
}

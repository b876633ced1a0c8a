import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Autocomplete, Box, Grid, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useSkuOptions, type Sku } from '../../shared/catalog/sku-api';
import { useAvailableAt } from './api';
import type { TransferDraft } from './transfer-form';

interface TransferLineRowProps {
  form: UseFormReturn<TransferDraft>;
  index: number;
  message(field: string): string | undefined;
  canRemove: boolean;
  onRemove(): void;
}

/** One transfer line: the SKU (searched in the catalog), the quantity, and what the source has available. */
export function TransferLineRow({ form, index, message, canRemove, onRemove }: TransferLineRowProps) {
  const { t } = useTranslation('supply');
  const [input, setInput] = useState('');
  const text = useDebounced(input.trim(), 250);
  const options = useSkuOptions(text);
  const line = useWatch({ control: form.control, name: `lines.${index}` });
  const from = useWatch({ control: form.control, name: 'from_iloc_id' });
  const sku = useDebounced((line?.sku ?? '').trim(), 400);
  const available = useAvailableAt(sku, from);
  const n = index + 1;
  const quantity = Number(line?.quantity);
  const qtyError = message(`lines.${index}.quantity`);
  let hint: string | undefined;
  if (available.data === null) hint = t('transferCreate.notStocked');
  else if (typeof available.data === 'number')
    hint = quantity > available.data ? t('transferCreate.moreThanAvailable', { count: available.data }) : t('transferCreate.available', { count: available.data });
  const { ref, ...quantityField } = form.register(`lines.${index}.quantity`);

  return (
    <Box role="group" aria-label={t('transferCreate.line', { n })}>
      <Grid container spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, sm: 7 }}>
          <Controller
            control={form.control}
            name={`lines.${index}.sku`}
            render={({ field }) => (
              <Autocomplete<Sku, false, false, true>
                freeSolo
                options={options.data ?? []}
                filterOptions={(o) => o}
                getOptionLabel={(o) => (typeof o === 'string' ? o : o.sku)}
                inputValue={field.value}
                onInputChange={(_e, next) => {
                  field.onChange(next);
                  setInput(next);
                }}
                onChange={(_e, chosen) => {
                  if (chosen) field.onChange(typeof chosen === 'string' ? chosen : chosen.sku);
                }}
                loading={options.isFetching}
                loadingText={t('transferCreate.searching')}
                noOptionsText={t('transferCreate.noSkus')}
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
                    inputRef={field.ref}
                    name={field.name}
                    onBlur={field.onBlur}
                    size="small"
                    label={`${t('fields.sku')} ${n}`}
                    error={Boolean(message(`lines.${index}.sku`))}
                    helperText={message(`lines.${index}.sku`)}
                    slotProps={{ htmlInput: { ...params.inputProps, spellCheck: false } }}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 9, sm: 4 }}>
          <TextField
            {...quantityField}
            inputRef={ref}
            label={`${t('fields.quantity')} ${n}`}
            type="number"
            size="small"
            fullWidth
            error={Boolean(qtyError)}
            helperText={qtyError ?? hint}
            slotProps={{ htmlInput: { min: 1, step: 1 }, formHelperText: { sx: { color: !qtyError && hint && available.data !== undefined && (available.data === null || quantity > available.data) ? 'warning.main' : undefined } } }}
          />
        </Grid>
        <Grid size={{ xs: 3, sm: 1 }}>
          {canRemove && (
            <IconButton onClick={onRemove} aria-label={t('transferCreate.removeLine', { n })}>
              <DeleteOutline />
            </IconButton>
          )}
        </Grid>
      </Grid>
    </Box>
  );
}

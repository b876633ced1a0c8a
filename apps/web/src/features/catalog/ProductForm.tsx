import { useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  Alert, Autocomplete, Button, Chip, Grid, IconButton, Paper, Stack, TextField, Tooltip, Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import { PRICE_CODES, PRODUCT_SKU_TYPES, type Named, type Product } from './api';
import { useCatalogField, useErrorText } from '../../shared/forms/catalog-form-fields';
import {
  ZProductForm, bodyProblems, emptySkuRow, formFieldOf, toFormInput, toProductBody, type ProductFormInput, type ProductFormValues,
} from './schemas';

interface ProductFormProps {
  product: Product | null;
  /** The select needs only ids and names (the product's own category may be known by its reference alone). */
  categories: Named[];
  brands: Named[];
  submitLabel: string;
  /** Prefix of the banner when saving fails for a reason no field shows. */
  failure: string;
  /** Resolves the brand text to an id (creating the brand when new) and saves. */
  onSubmit(values: ProductFormValues): Promise<void>;
  onCancel(): void;
}

export function ProductForm({ product, categories, brands, submitLabel, failure, onSubmit, onCancel }: ProductFormProps) {
  const { t } = useTranslation('catalog');
  const [banner, setBanner] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(ZProductForm),
    defaultValues: toFormInput(product),
  });
  const field = useCatalogField(form);
  const errorOf = useErrorText();
  const skus = useFieldArray({ control: form.control, name: 'skus' });
  const skusError = form.formState.errors.skus;
  const skusMessage = errorOf(skusError?.root?.message ?? skusError?.message);

  const editing = product !== null;
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    // The body the server will get, checked against the shared request schema first.
    const body = toProductBody(values, null, editing);
    const problems = bodyProblems(body, editing);
    if (problems.length) {
      const unmatched: string[] = [];
      problems.forEach(([key, message], i) => {
        const name = formFieldOf(key, body);
        if (name) form.setError(name as FieldPath<ProductFormInput>, { type: 'schema', message }, { shouldFocus: i === 0 });
        else unmatched.push(errorOf(message) ?? message);
      });
      if (unmatched.length) setBanner(`${failure}: ${unmatched.join(' ')}`);
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      // Server keys like skus.0.prices.1.value map back onto the inputs through the body sent.
      const { matched, unmatched } = applyFieldErrors(error, (key) => formFieldOf(key, body), form.setError);
      if (!matched || unmatched.length) {
        setBanner(`${failure}: ${unmatched.length ? unmatched.map((m) => errorOf(m) ?? m).join(' ') : errorText(error)}`);
        bannerRef.current?.focus();
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} ref={bannerRef} tabIndex={-1}>
          {banner}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('product.productSection')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField {...field('name')} label={t('fields.name')} required autoFocus={!product} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField {...field('category_id')} select label={t('fields.category')} slotProps={NATIVE_SELECT}>
              <option value="">{t('product.noCategory')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Controller
              control={form.control}
              name="brand"
              render={({ field: brand, fieldState }) => (
                <Autocomplete
                  freeSolo
                  options={brands.map((b) => b.name)}
                  inputValue={brand.value ?? ''}
                  onInputChange={(_e, value) => brand.onChange(value)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={brand.ref}
                      onBlur={brand.onBlur}
                      label={t('fields.brand')}
                      error={Boolean(fieldState.error)}
                      helperText={errorOf(fieldState.error?.message) ?? t('product.brandHelp')}
                    />
                  )}
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <TextField {...field('description')} label={t('fields.description')} multiline minRows={2} />
          </Grid>
        </Grid>
      </Paper>

      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t('product.skusSection')}
        </Typography>
        <Button startIcon={<Add />} onClick={() => skus.append(emptySkuRow(), { focusName: `skus.${skus.fields.length}.sku` })}>
          {t('actions.addSku')}
        </Button>
      </Stack>
      {skusMessage && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {skusMessage}
        </Alert>
      )}
      <Stack spacing={2}>
        {skus.fields.map((row, index) => (
          <SkuRowFields
            key={row.id}
            form={form}
            index={index}
            existing={Boolean(form.getValues(`skus.${index}.id`))}
            canRemove={skus.fields.length > 1}
            onRemove={() => skus.remove(index)}
          />
        ))}
      </Stack>

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

interface SkuRowFieldsProps {
  form: UseFormReturn<ProductFormInput, unknown, ProductFormValues>;
  index: number;
  existing: boolean;
  canRemove: boolean;
  onRemove(): void;
}

function SkuRowFields({ form, index, existing, canRemove, onRemove }: SkuRowFieldsProps) {
  const { t } = useTranslation('catalog');
  const field = useCatalogField(form);
  const type = useWatch({ control: form.control, name: `skus.${index}.type` });
  const code = useWatch({ control: form.control, name: `skus.${index}.sku` });
  const n = index + 1;
  const titleId = `sku-row-${index}-title`;
  // Existing SKUs leave a product only through discontinuation (spec 5): the SKUs screen does that.
  const removable = canRemove && !existing;

  return (
    <Paper variant="outlined" role="group" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
          {t('product.skuN', { n })}
          {code ? ` · ${code}` : ''}
        </Typography>
        {existing && <Chip size="small" variant="outlined" label={t('product.saved')} />}
        <Tooltip title={existing ? t('product.removeExistingHint') : t('actions.removeSku', { n })}>
          <span>
            <IconButton aria-label={t('actions.removeSku', { n })} onClick={onRemove} disabled={!removable} edge="end">
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField {...field(`skus.${index}.sku`)} label={t('fields.sku')} required slotProps={{ htmlInput: { maxLength: 64, autoCapitalize: 'characters', spellCheck: false } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 5 }}>
          <TextField {...field(`skus.${index}.name`)} label={t('fields.skuName')} required />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          {existing ? (
            // A saved SKU keeps its type: a regular SKU holding stock cannot turn into a pack.
            <TextField label={t('fields.type')} value={t(`types.${type}`)} fullWidth slotProps={{ input: { readOnly: true } }} />
          ) : (
            <TextField {...field(`skus.${index}.type`)} select label={t('fields.type')} slotProps={NATIVE_SELECT}>
              {PRODUCT_SKU_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`types.${value}`)}
                </option>
              ))}
            </TextField>
          )}
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField
            {...field(`skus.${index}.weight`)}
            label={t('fields.weight')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        {type === 'PACK' && (
          <>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextField {...field(`skus.${index}.pack_sku`, undefined, t('product.packSkuHelp'))} label={t('fields.packSku')} required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextField
                {...field(`skus.${index}.pack_quantity`)}
                label={t('fields.packQuantity')}
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, sm: 6, md: type === 'PACK' ? 6 : 4 }}>
          <TextField {...field(`skus.${index}.barcode`)} label={t('fields.barcode')} />
        </Grid>
        <Grid size={{ xs: 12, md: type === 'PACK' ? 12 : 8 }}>
          <TextField {...field(`skus.${index}.aliases`, undefined, t('fields.aliasesHelp'))} label={t('fields.aliases')} />
        </Grid>
        {PRICE_CODES.map((code) => (
          <Grid key={code} size={{ xs: 6, md: 3 }}>
            <TextField
              {...field(`skus.${index}.prices.${code}`)}
              label={t(`prices.${code}`)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

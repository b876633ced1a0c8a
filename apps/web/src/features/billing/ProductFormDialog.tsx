import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  Button, Dialog, DialogTitle, FormControlLabel, IconButton, Stack, Switch, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { BILLING_PRODUCT_TYPES, type TBillingProductInput } from '@omnio/domain';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { NATIVE_SELECT, applyFieldErrors, errorText, useMessageField } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useSaveProduct, type BillingProduct } from './api';
import { billingMessagesEs } from './i18n';

const ZProductForm = z.object({
  type: z.enum(BILLING_PRODUCT_TYPES),
  name: z.string().trim().min(1, 'The name is required').max(120, 'The name may have at most 120 characters'),
  description: z.string().trim().max(2000, 'The description may have at most 2000 characters'),
  features: z.array(z.object({ name: z.string().trim().max(200, 'A feature may have at most 200 characters') })).max(30),
  orders: z.string().trim().regex(/^\d{1,9}$/, 'Enter a whole number of orders (0 or more)'),
  sort: z.string().trim().regex(/^\d{1,4}$/, 'Enter a whole number from 0 to 9999'),
  active: z.boolean(),
});
type ProductForm = z.infer<typeof ZProductForm>;

function toForm(p: BillingProduct | null): ProductForm {
  return {
    type: p?.type ?? 'base_plan',
    name: p?.name ?? '',
    description: p?.data.description ?? '',
    features: p?.data.marketing_features.map((f) => ({ name: f.name })) ?? [],
    orders: String(p?.data.features.orders ?? 0),
    sort: String(p?.sort ?? 0),
    active: p?.active ?? true,
  };
}

/** The body of PUT /billing/product; blank marketing lines are dropped, other feature keys kept. */
export function toProductInput(values: ProductForm, product: BillingProduct | null): TBillingProductInput {
  return {
    ...(product ? { id: product.id } : {}),
    type: values.type,
    name: values.name.trim(),
    active: values.active,
    sort: Number.parseInt(values.sort, 10),
    data: {
      description: values.description.trim(),
      marketing_features: values.features.map((f) => ({ name: f.name.trim() })).filter((f) => f.name !== ''),
      features: { ...(product?.data.features ?? {}), orders: Number.parseInt(values.orders, 10) },
    },
  };
}

const SERVER_FIELDS: Record<string, keyof ProductForm> = {
  type: 'type', name: 'name', sort: 'sort', 'data.description': 'description', 'data.features.orders': 'orders',
};

/** Create or edit a billing product (owner, /admin/billing). */
export function ProductFormDialog({ product, onClose }: { product: BillingProduct | null; onClose(): void }) {
  const { t } = useTranslation('billing');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const toast = useToast();
  const save = useSaveProduct();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ProductForm>({ resolver: zodResolver(ZProductForm), defaultValues: toForm(product) });
  const features = useFieldArray({ control: form.control, name: 'features' });
  const field = useMessageField(form, billingMessagesEs);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync(toProductInput(values, product));
      toast.success(t('admin.productSaved'));
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => SERVER_FIELDS[k] ?? (k.startsWith('data.marketing_features') ? 'features' : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${t('admin.productFailed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="product-form-title">
      <DialogTitle id="product-form-title">{product ? t('admin.editProduct') : t('admin.newProduct')}</DialogTitle>
      <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('admin.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
        <Stack spacing={2}>
          <TextField {...field('type')} select label={t('admin.type')} slotProps={NATIVE_SELECT} disabled={product !== null}>
            {BILLING_PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`admin.types.${type}`)}
              </option>
            ))}
          </TextField>
          <TextField {...field('name')} required autoFocus label={t('admin.name')} />
          <TextField {...field('description')} multiline minRows={2} label={t('admin.description')} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...field('orders', t('admin.ordersHint'))} label={t('admin.orders')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <TextField {...field('sort', t('admin.sortHint'))} label={t('admin.sort')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Stack>
          <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
              {t('admin.marketing')}
            </Typography>
            {features.fields.map((f, i) => (
              <Stack key={f.id} direction="row" spacing={1} alignItems="flex-start">
                <TextField {...field(`features.${i}.name`)} size="small" label={t('admin.featureN', { n: i + 1 })} />
                <IconButton aria-label={t('admin.removeFeature', { n: i + 1 })} onClick={() => features.remove(i)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
            ))}
            <Button startIcon={<AddIcon />} onClick={() => features.append({ name: '' })} sx={{ alignSelf: 'flex-start' }} disabled={features.fields.length >= 30}>
              {t('admin.addFeature')}
            </Button>
          </Stack>
          <Controller
            control={form.control}
            name="active"
            render={({ field: f }) => (
              <FormControlLabel control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} onBlur={f.onBlur} />} label={t('admin.active')} />
            )}
          />
        </Stack>
      </FormDialogBody>
    </Dialog>
  );
}

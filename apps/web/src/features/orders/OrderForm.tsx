import { useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import type { Order, OrderBody } from './api';
import { AddressFields } from './AddressFields';
import { CustomerSection } from './CustomerSection';
import { DateFields, NotesFields, ShippingFields } from './ExtrasSection';
import { useOrderErrorText } from './form-fields';
import { LinesSection } from './LinesSection';
import {
  ZOrderForm, bodyProblems, formFieldOf, incompleteShipping, isHoldInPast, toFormValues, toOrderBody, type OrderFormValues,
} from './order-form';

interface OrderFormProps {
  order: Order | null;
  /** Sends the body; rejects with the server's error (422 field errors land on their fields). */
  onSubmit(body: OrderBody, draft: boolean): Promise<void>;
  onCancel(): void;
  /** A message above the form from its page (a reload after a conflict). */
  notice?: ReactNode;
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The order form, for /orders/create and the edit mode of /orders/edit/:id. */
export function OrderForm({ order, onSubmit, onCancel, notice }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const errorOf = useOrderErrorText();
  const [banner, setBanner] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const form = useForm<OrderFormValues>({ resolver: zodResolver(ZOrderForm), defaultValues: toFormValues(order) });
  const billingSame = useWatch({ control: form.control, name: 'billing_same' });
  const editing = order !== null;
  const [sending, setSending] = useState<'draft' | 'submit' | null>(null);
  // MUI labels do not notice values set by code (a chosen customer's address): remounting the fields does.
  const [filled, setFilled] = useState(0);

  const showBanner = (text: string) => {
    setBanner(text);
    window.setTimeout(() => bannerRef.current?.focus(), 0);
  };

  const submit = (draft: boolean) =>
    form.handleSubmit(async (values) => {
      setBanner(null);
      // A draft may be unfinished; anything else goes through the pipeline, which needs a full address.
      const needsAddress = !draft && order?.status !== 'draft';
      const missing = needsAddress ? incompleteShipping(values) : [];
      missing.forEach((name, i) =>
        form.setError(name as FieldPath<OrderFormValues>, { type: 'required', message: 'validation.requiredToCreate' }, { shouldFocus: i === 0 }),
      );
      if (!editing && isHoldInPast(values)) form.setError('hold_date', { type: 'future', message: 'validation.holdFuture' }, { shouldFocus: !missing.length });
      if (missing.length || (!editing && isHoldInPast(values))) {
        if (missing.length) showBanner(t('form.incomplete'));
        return;
      }
      const body = toOrderBody(values, { editing, draft });
      const problems = bodyProblems(body);
      if (problems.length) {
        const unmatched = problems.filter(([key, message]) => {
          const name = formFieldOf(key);
          if (name) form.setError(name as FieldPath<OrderFormValues>, { type: 'schema', message });
          return !name;
        });
        if (unmatched.length) showBanner(unmatched.map(([, m]) => errorOf(m) ?? m).join(' '));
        return;
      }
      setSending(draft ? 'draft' : 'submit');
      try {
        await onSubmit(body, draft);
      } catch (error) {
        const { matched, unmatched } = applyFieldErrors(error, formFieldOf, form.setError);
        if (!matched || unmatched.length) {
          const detail = unmatched.length ? unmatched.map((m) => errorOf(m) ?? m).join(' ') : errorText(error);
          showBanner(`${t(editing ? 'errors.update' : 'errors.create')}: ${detail}`);
        }
      } finally {
        setSending(null);
      }
    });

  return (
    <form onSubmit={submit(false)} noValidate aria-label={editing ? t('form.editLabel', { number: order.number }) : t('form.createLabel')}>
      <Stack spacing={3}>
        {notice}
        {banner && (
          <Alert severity="error" ref={bannerRef} tabIndex={-1}>
            {banner}
          </Alert>
        )}
        <Section id="order-customer" title={t('form.customer')}>
          <CustomerSection form={form} onFilled={() => setFilled((n) => n + 1)} />
        </Section>
        <Section id="order-shipping-address" title={t('fields.shippingAddress')}>
          <AddressFields key={`shipping-${filled}`} form={form} prefix="shipping" />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('form.requiredHint')}
          </Typography>
          <Controller
            control={form.control}
            name="billing_same"
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
                label={t('form.billingSame')}
              />
            )}
          />
        </Section>
        {!billingSame && (
          <Section id="order-billing-address" title={t('fields.billingAddress')}>
            <AddressFields key={`billing-${filled}`} form={form} prefix="billing" />
          </Section>
        )}
        <Section id="order-lines" title={t('form.lines')}>
          <LinesSection form={form} />
        </Section>
        <Section id="order-shipping" title={t('form.shippingAndDates')}>
          <Stack spacing={2}>
            <ShippingFields form={form} />
            <DateFields form={form} editing={editing} />
          </Stack>
        </Section>
        <Section id="order-notes" title={t('form.notesAndMetadata')}>
          <NotesFields form={form} editing={editing} />
        </Section>
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          {!editing && (
            <Button variant="outlined" onClick={() => void submit(true)()} loading={sending === 'draft'} disabled={sending !== null}>
              {t('actions.saveDraft')}
            </Button>
          )}
          <Button type="submit" variant="contained" loading={sending === 'submit'} disabled={sending !== null}>
            {editing ? t('actions.saveChanges') : t('actions.createOrder')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

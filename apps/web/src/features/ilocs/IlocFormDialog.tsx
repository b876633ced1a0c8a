import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle, FormControlLabel, Grid, Switch, TextField, useMediaQuery, useTheme } from '@mui/material';
import { ILOC_STATUSES, ILOC_TYPES, ZIlocCreate, type TIlocCreate } from '@omnio/domain';
import type { z } from 'zod';
import type { Iloc } from './api';
import { applyServerErrors } from '../../shared/ui/form';
import { NATIVE_SELECT, blankToNull, blankToUndefined, errorText, useFieldProps } from '../../shared/ui/form-helpers';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';

type IlocFormInput = z.input<typeof ZIlocCreate>;

const FIELDS = [
  'name', 'code', 'type', 'company', 'menu', 'status', 'address1', 'city', 'region', 'postal_code', 'country', 'priority',
] as const;

function toInput(iloc: Iloc | null): IlocFormInput {
  return {
    name: iloc?.name ?? '',
    code: iloc?.code ?? undefined,
    type: (ILOC_TYPES as readonly string[]).includes(iloc?.type ?? '') ? (iloc?.type as TIlocCreate['type']) : 'warehouse',
    company: iloc?.company ?? null,
    menu: iloc?.menu ?? false,
    status: iloc?.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    address1: iloc?.address1 ?? null,
    city: iloc?.city ?? null,
    region: iloc?.region ?? null,
    postal_code: iloc?.postal_code ?? null,
    country: iloc?.country ?? null,
    priority: iloc?.priority ?? undefined,
  };
}

interface IlocFormDialogProps {
  open: boolean;
  /** The iloc to edit; null creates one. */
  iloc: Iloc | null;
  onClose(): void;
  onSubmit(values: TIlocCreate): Promise<unknown>;
}

export function IlocFormDialog({ open, iloc, onClose, onSubmit }: IlocFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('ilocs');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="iloc-form-title">
      <DialogTitle id="iloc-form-title">{iloc ? t('form.editTitle', { name: iloc.name }) : t('form.createTitle')}</DialogTitle>
      {/* Keyed so each opening starts from the iloc's current values. */}
      {open && <IlocForm key={iloc?.id ?? 'new'} iloc={iloc} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function IlocForm({ iloc, onClose, onSubmit }: Omit<IlocFormDialogProps, 'open'>) {
  const { t } = useTranslation('ilocs');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<IlocFormInput, unknown, TIlocCreate>({
    resolver: zodResolver(ZIlocCreate),
    defaultValues: toInput(iloc),
  });
  const field = useFieldProps(form);
  // Blank optional fields become null (code: absent); the name stays '' so its own rule reports it.
  const text = (name: (typeof FIELDS)[number], blank: 'null' | 'absent' = 'null', hint?: string) =>
    field(name, { setValueAs: blank === 'null' ? blankToNull : blankToUndefined }, hint);
  const { ref: menuRef, ...menuField } = form.register('menu');

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, form.setError)) {
        setBanner(`${t(iloc ? 'errors.update' : 'errors.create')}: ${errorText(error)}`);
      }
    }
  });

  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField {...field('name')} label={t('fields.name')} required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('code', 'absent')} label={t('fields.code')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...field('type')} select label={t('fields.type')} slotProps={NATIVE_SELECT}>
            {ILOC_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...field('status')} select label={t('fields.status')} slotProps={NATIVE_SELECT}>
            {ILOC_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('company', 'null', t('fields.companyHelp'))} label={t('fields.company')} />
        </Grid>
        <Grid size={12}>
          <TextField {...text('address1')} label={t('fields.address1')} autoComplete="address-line1" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...text('city')} label={t('fields.city')} autoComplete="address-level2" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...text('region')} label={t('fields.region')} autoComplete="address-level1" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...text('postal_code')} label={t('fields.postal_code')} autoComplete="postal-code" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...text('country')} label={t('fields.country')} autoComplete="country" slotProps={{ htmlInput: { maxLength: 2 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('priority', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) }, t('fields.priorityHelp'))}
            type="number"
            label={t('fields.priority')}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
          />
        </Grid>
        <Grid size={12}>
          <FormControlLabel
            control={<Switch {...menuField} inputRef={menuRef} defaultChecked={form.getValues('menu') ?? false} />}
            label={t('fields.menu')}
          />
        </Grid>
      </Grid>
    </FormDialogBody>
  );
}

import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SYNSET_MIN_MEMBERS, ZSynsetCreate, ZSynsetUpdate } from '@omnio/domain';
import { Alert, Dialog, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import type { Sku, SynsetBody } from './api';
import { useCatalogField, useErrorText } from '../../shared/forms/catalog-form-fields';
import { SkuCodesField } from './SkuCodesField';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';

interface SynsetInput {
  sku: string;
  name: string;
  members: string[];
}

/** Spec 5 through the shared schemas: a valid code, a name, at least SYNSET_MIN_MEMBERS distinct members. */
const notItsOwnMember = (v: { sku?: string; members?: string[] }, ctx: z.RefinementCtx) => {
  if (v.sku && v.members?.includes(v.sku)) ctx.addIssue({ code: 'custom', path: ['members'], message: 'validation.memberSelf' });
};
const ZSynsetCreateForm = z
  .custom<SynsetInput>()
  .transform((v): z.input<typeof ZSynsetCreate> => ({ sku: v.sku, name: v.name, members: v.members }))
  .pipe(ZSynsetCreate)
  .superRefine(notItsOwnMember);
const ZSynsetEditForm = z
  .custom<SynsetInput>()
  .transform((v): z.input<typeof ZSynsetUpdate> => ({ name: v.name, members: v.members }))
  .pipe(ZSynsetUpdate);

interface SynsetFormDialogProps {
  open: boolean;
  synset: Sku | null;
  onClose(): void;
  onSubmit(body: SynsetBody): Promise<unknown>;
}

export function SynsetFormDialog({ open, synset, onClose, onSubmit }: SynsetFormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('catalog');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="synset-form-title">
      <DialogTitle id="synset-form-title">{synset ? t('synsets.editTitle', { sku: synset.sku }) : t('synsets.createTitle')}</DialogTitle>
      {open && <SynsetFormBody key={synset?.id ?? 'new'} synset={synset} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function SynsetFormBody({ synset, onClose, onSubmit }: Omit<SynsetFormDialogProps, 'open'>) {
  const { t } = useTranslation('catalog');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<SynsetInput, unknown, SynsetBody>({
    resolver: zodResolver(synset ? ZSynsetEditForm : ZSynsetCreateForm),
    defaultValues: {
      sku: synset?.sku ?? '',
      name: synset?.name ?? '',
      members: synset?.members?.map((m) => m.sku) ?? [],
    },
  });
  const field = useCatalogField(form);
  const errorOf = useErrorText();
  // A repeated or malformed member is reported at members.<i>; the field shows the first such message.
  const membersErrors = form.formState.errors.members;
  const membersError =
    membersErrors?.message ?? membersErrors?.root?.message ?? (Array.isArray(membersErrors) ? membersErrors.find(Boolean)?.message : undefined);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(
        error,
        (key) => (key === 'sku' || key === 'name' ? key : key.startsWith('members') ? 'members' : null),
        form.setError,
      );
      if (!matched || unmatched.length) {
        setBanner(`${t(synset ? 'errors.updateSynset' : 'errors.createSynset')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
      }
    }
  });

  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Stack spacing={2}>
        <TextField
          {...field('sku', undefined, synset ? undefined : t('synsets.skuHelp'))}
          label={t('fields.sku')}
          required={!synset}
          disabled={Boolean(synset)}
          autoFocus={!synset}
        />
        <TextField {...field('name')} label={t('fields.name')} required autoFocus={Boolean(synset)} />
        <Controller
          control={form.control}
          name="members"
          render={({ field: members }) => (
            <SkuCodesField
              label={t('fields.members')}
              value={members.value}
              onChange={members.onChange}
              onBlur={members.onBlur}
              inputRef={members.ref}
              type="REGULAR"
              required
              error={errorOf(membersError)}
              hint={t('synsets.membersHelp', { count: SYNSET_MIN_MEMBERS })}
            />
          )}
        />
        {synset && <Alert severity="info">{t('synsets.mergeNote')}</Alert>}
      </Stack>
    </FormDialogBody>
  );
}

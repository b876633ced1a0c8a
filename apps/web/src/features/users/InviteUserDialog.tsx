import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle, Stack, TextField } from '@mui/material';
import { ZInvitationCreate } from '@omnio/domain';
import type { z } from 'zod';
import { applyServerErrors } from '../../shared/ui/form';
import { NATIVE_SELECT, blankToUndefined, errorText, useFieldProps } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useInvite } from './api';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';

type InviteInput = z.input<typeof ZInvitationCreate>;
type InviteValues = z.output<typeof ZInvitationCreate>;
const FIELDS = ['email', 'name', 'role'] as const;

interface InviteUserDialogProps {
  open: boolean;
  onClose(): void;
  /** The owner names the company; a tenant invites into its active company. */
  companyId?: string;
}

export function InviteUserDialog({ open, onClose, companyId }: InviteUserDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invite-title">
      <DialogTitle id="invite-title">{t('invite.title')}</DialogTitle>
      {open && <InviteForm onClose={onClose} companyId={companyId} />}
    </Dialog>
  );
}

function InviteForm({ onClose, companyId }: Omit<InviteUserDialogProps, 'open'>) {
  const { t } = useTranslation('users');
  const toast = useToast();
  const invite = useInvite();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(ZInvitationCreate),
    defaultValues: { email: '', name: undefined, role: 'tenant', company_id: companyId },
  });
  const field = useFieldProps(form);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await invite.mutateAsync(values);
      toast.success(t('invite.sent', { email: values.email }));
      onClose();
    } catch (error) {
      // Spec 8's wording for any failed invitation; the reason goes under its field, or after the wording.
      const underFields = applyServerErrors(error, FIELDS, form.setError);
      setBanner(underFields ? t('invite.failed') : `${t('invite.failed')}: ${errorText(error)}`);
    }
  });

  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('invite.send')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Stack spacing={2}>
        <TextField {...field('email')} type="email" label={t('fields.email')} required autoFocus />
        <TextField
          {...field('name', { setValueAs: blankToUndefined })}
          label={t('fields.name')}
        />
        <TextField {...field('role')} select label={t('fields.role')} slotProps={NATIVE_SELECT}>
          {/* Supplier users need a supplier to act for; they are invited from the suppliers screen (supply-chain issue). */}
          <option value="tenant">{t('roleNames.tenant')}</option>
        </TextField>
      </Stack>
    </FormDialogBody>
  );
}

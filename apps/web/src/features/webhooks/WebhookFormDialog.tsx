import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { WEBHOOK_OBJECT_EVENTS, WEBHOOK_OBJECTS, ZWebhookAddress, ZWebhookTopic, type WebhookView } from '@omnio/domain';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { NATIVE_SELECT, applyFieldErrors, errorText, useMessageField } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useCreateWebhook, useUpdateWebhook } from './api';
import { webhookMessagesEs } from './i18n';
import { ShownOnce } from '../../shared/ui/ShownOnce';

const ZForm = z.object({ address: ZWebhookAddress, topic: ZWebhookTopic });
type FormValues = z.infer<typeof ZForm>;

/** The topic select's options, grouped by object; wildcards get words, single topics stay as the API names them. */
export function TopicOptions() {
  const { t } = useTranslation('webhooks');
  return (
    <>
      <optgroup label={t('groups.general')}>
        <option value="*">{t('topics.all')} (*)</option>
        <option value="webhook.test">{t('topics.test')} (webhook.test)</option>
      </optgroup>
      {WEBHOOK_OBJECTS.map((o) => (
        <optgroup key={o} label={t(`objects.${o}`)}>
          <option value={`${o}.*`}>
            {t('topics.object', { object: t(`objects.${o}`) })} ({o}.*)
          </option>
          {WEBHOOK_OBJECT_EVENTS[o].map((e) => (
            <option key={e} value={`${o}.${e}`}>
              {o}.{e}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** Add (then show the secret once) or edit a webhook's address and topic. */
export function WebhookFormDialog({ webhook, onClose }: { webhook: WebhookView | null; onClose(): void }) {
  const { t } = useTranslation('webhooks');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const toast = useToast();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [banner, setBanner] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: { address: webhook?.address ?? '', topic: webhook?.topic ?? 'order.created' },
  });
  const field = useMessageField(form, webhookMessagesEs);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, body: values });
        toast.success(t('form.saved'));
        onClose();
      } else {
        const created = await create.mutateAsync(values);
        setSecret(created.secret ?? null);
      }
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => (k === 'address' || k === 'topic' ? k : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${t('form.saveFailed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="webhook-form-title">
      <DialogTitle id="webhook-form-title">{secret ? t('secret.createdTitle') : webhook ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
      {secret ? (
        <>
          <DialogContent dividers>
            <ShownOnce label={t('secret.label')} value={secret} warning={t('secret.warning')} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('secret.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <FormDialogBody
          onSubmit={submit}
          banner={banner}
          submitLabel={webhook ? t('form.save') : t('form.create')}
          submitting={form.formState.isSubmitting}
          onCancel={onClose}
        >
          <Stack spacing={2}>
            <TextField
              {...field('address', t('form.addressHint'))}
              required
              autoFocus
              type="url"
              label={t('form.address')}
              placeholder="https://example.com/omnio/webhooks"
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', inputMode: 'url' } }}
            />
            <TextField {...field('topic', t('form.topicHint'))} required select label={t('form.topic')} slotProps={NATIVE_SELECT}>
              <TopicOptions />
            </TextField>
          </Stack>
        </FormDialogBody>
      )}
    </Dialog>
  );
}

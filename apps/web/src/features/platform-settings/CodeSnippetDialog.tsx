import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Checkbox, Dialog, DialogTitle, FormControlLabel, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { CODE_SNIPPET_TYPES, ZCodeSnippetInput, type CodeSnippetView, type TCodeSnippetInput } from '@omnio/domain';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { NATIVE_SELECT, applyFieldErrors, errorText, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useSaveCodeSnippet } from './api';
import { platformSettingsMessagesEs } from './i18n';

type In = z.input<typeof ZCodeSnippetInput>;
const FIELDS = ['name', 'type', 'body', 'enabled', 'sort'];

/** Add or edit one code snippet. */
export function CodeSnippetDialog({ snippet, nextSort, onClose }: { snippet: CodeSnippetView | null; nextSort: number; onClose(): void }) {
  const { t } = useTranslation('platformSettings');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const toast = useToast();
  const save = useSaveCodeSnippet();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<In, unknown, TCodeSnippetInput>({
    resolver: zodResolver(ZCodeSnippetInput),
    defaultValues: snippet
      ? { name: snippet.name, type: snippet.type, body: snippet.body, enabled: snippet.enabled, sort: snippet.sort }
      : { name: '', type: 'javascript', body: '', enabled: true, sort: nextSort },
  });
  const field = useMessageField(form, platformSettingsMessagesEs);
  const message = useMessageTextWith(platformSettingsMessagesEs);
  const type = useWatch({ control: form.control, name: 'type' });
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  const sortField = () => {
    const { ref, ...rest } = form.register('sort', { valueAsNumber: true });
    const error = message(form.getFieldState('sort', form.formState).error?.message);
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: error, fullWidth: true };
  };

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync({ id: snippet?.id, body: values });
      toast.success(t('snippets.form.saved'));
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => (FIELDS.includes(k) ? k : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${t('snippets.form.saveFailed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="snippet-form-title">
      <DialogTitle id="snippet-form-title">{snippet ? t('snippets.form.editTitle') : t('snippets.form.createTitle')}</DialogTitle>
      <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('snippets.form.save')} submitting={save.isPending} onCancel={onClose}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...field('name')} label={t('snippets.form.name')} required autoFocus slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextField {...field('type')} select label={t('snippets.form.type')} slotProps={NATIVE_SELECT}>
              {CODE_SNIPPET_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`snippets.types.${v}`)}
                </option>
              ))}
            </TextField>
          </Stack>
          {type === 'cdn' ? (
            <TextField {...field('body', t('snippets.form.bodyCdnHelp'))} label={t('snippets.form.bodyCdn')} type="url" required placeholder="https://" />
          ) : (
            <TextField
              {...field('body', t('snippets.form.bodyJsHelp'))}
              label={t('snippets.form.bodyJs')}
              required
              multiline
              minRows={6}
              maxRows={16}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
            />
          )}
          <Stack direction="row" spacing={2} alignItems="center">
            <TextField {...sortField()} type="number" label={t('snippets.form.sort')} sx={{ maxWidth: 160 }} slotProps={{ htmlInput: { min: 0, max: 10000 } }} />
            <FormControlLabel
              control={<Checkbox checked={Boolean(enabled)} onChange={(_e, on) => form.setValue('enabled', on, { shouldDirty: true })} />}
              label={t('snippets.form.enabled')}
            />
          </Stack>
        </Stack>
      </FormDialogBody>
    </Dialog>
  );
}

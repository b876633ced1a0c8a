import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle, Grid, TextField, useMediaQuery, useTheme } from '@mui/material';
import { MAPPER_FILE_TYPES, MAPPER_TYPES, ZMapperDefinition, type MapperTemplateView } from '@omnio/domain';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { errorText, NATIVE_SELECT, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useSaveMapperTemplate } from './api';
import { servicesMessagesEs } from './i18n';
import { JsonField } from './JsonField';
import { applyTemplateErrors } from './template-errors';
import { parseJsonText, toJsonText } from './template-text';

const ZForm = z.object({
  name: z.string().trim().min(1, { message: 'The name is required' }).max(120),
  type: z.enum(MAPPER_TYPES, { message: 'Choose a mapper type' }),
  file_type: z.enum(MAPPER_FILE_TYPES, { message: 'Choose a file type' }),
  description: z.string().trim().max(2000),
  definition: z.string(),
});
type FormValues = z.infer<typeof ZForm>;
const FIELDS = ['name', 'type', 'file_type', 'description', 'definition'] as const;

const STARTER = { relations: [{ source: 'Order Number', target: 'external_id' }, { source: 'SKU', target: 'lines.sku' }, { source: 'Quantity', target: 'lines.quantity' }] };

/** Create or edit a mapper template; the definition is JSON, checked here with the server's own schema. */
export function MapperTemplateDialog({ template, onClose, onSaved }: { template: MapperTemplateView | null; onClose(): void; onSaved(name: string): void }) {
  const { t } = useTranslation('services');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const save = useSaveMapperTemplate();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      name: template?.name ?? '', type: template?.type ?? 'ORDER', file_type: template?.file_type ?? 'csv', description: template?.description ?? '',
      definition: toJsonText(template?.definition ?? STARTER),
    },
  });
  const field = useMessageField(form, servicesMessagesEs);
  const message = useMessageTextWith(servicesMessagesEs);
  const pathMessage = (inner: string, text: string) => (inner ? `${inner}: ${message(text)}` : (message(text) ?? text));

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const parsed = parseJsonText(values.definition);
    if (!parsed.ok) {
      form.setError('definition', { message: parsed.error === 'empty' ? t('templates.jsonEmpty') : t('templates.jsonInvalid', { error: parsed.error }) });
      return;
    }
    const checked = ZMapperDefinition.safeParse(parsed.value);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      form.setError('definition', { message: pathMessage(issue.path.join('.'), issue.message) });
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: template?.id, body: { ...values, definition: checked.data } });
      onSaved(saved.name);
    } catch (error) {
      const left = applyTemplateErrors(error, FIELDS, form.setError, (m) => message(m) ?? m);
      if (left === null || left.length) setBanner(`${t('templates.errors.save')}: ${left?.length ? left.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="mapper-template-title">
      <DialogTitle id="mapper-template-title">{template ? t('mapper.editTitle') : t('mapper.createTitle')}</DialogTitle>
      <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField {...field('name')} label={t('templates.name')} required autoFocus />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField {...field('type')} select label={t('mapper.type')} required slotProps={NATIVE_SELECT}>
              {MAPPER_TYPES.map((m) => <option key={m} value={m}>{t(`mapper.types.${m}`)}</option>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField {...field('file_type')} select label={t('mapper.fileType')} required slotProps={NATIVE_SELECT}>
              {MAPPER_FILE_TYPES.map((f) => <option key={f} value={f}>{f.toUpperCase()}</option>)}
            </TextField>
          </Grid>
          <Grid size={12}>
            <TextField {...field('description')} label={t('templates.description')} multiline minRows={2} />
          </Grid>
          <Grid size={12}>
            <JsonField {...field('definition', t('mapper.definitionHint'))} label={t('mapper.definition')} required />
          </Grid>
        </Grid>
      </FormDialogBody>
    </Dialog>
  );
}

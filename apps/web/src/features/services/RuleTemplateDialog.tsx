import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle, Grid, TextField, useMediaQuery, useTheme } from '@mui/material';
import { DEFAULT_BEFORE_IMPORT_ORDER_NODES, RULE_HOOK_POINTS, ZRuleNodes, type RuleTemplateView } from '@omnio/domain';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { errorText, NATIVE_SELECT, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useSaveRuleTemplate } from './api';
import { servicesMessagesEs } from './i18n';
import { JsonField } from './JsonField';
import { RuleNodeList } from './RuleNodeList';
import { applyTemplateErrors } from './template-errors';
import { parseJsonText, toJsonText } from './template-text';

const ZForm = z.object({
  name: z.string().trim().min(1, { message: 'The name is required' }).max(120),
  hook_point: z.enum(RULE_HOOK_POINTS, { message: 'Choose a hook point' }),
  description: z.string().trim().max(2000),
  nodes: z.string(),
});
type FormValues = z.infer<typeof ZForm>;
const FIELDS = ['name', 'hook_point', 'description', 'nodes'] as const;

/** Create or edit a rule template: the flow's nodes as JSON beside a readable list of them. */
export function RuleTemplateDialog({ template, onClose, onSaved }: { template: RuleTemplateView | null; onClose(): void; onSaved(name: string): void }) {
  const { t } = useTranslation('services');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const save = useSaveRuleTemplate();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      name: template?.name ?? '', hook_point: template?.hook_point ?? 'before_import_order', description: template?.description ?? '',
      // A new template starts from the spec's default flow, the common case to adapt.
      nodes: toJsonText(template?.nodes ?? DEFAULT_BEFORE_IMPORT_ORDER_NODES),
    },
  });
  const field = useMessageField(form, servicesMessagesEs);
  const message = useMessageTextWith(servicesMessagesEs);
  const nodesText = form.watch('nodes');

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const parsed = parseJsonText(values.nodes);
    if (!parsed.ok) {
      form.setError('nodes', { message: parsed.error === 'empty' ? t('templates.jsonEmpty') : t('templates.jsonInvalid', { error: parsed.error }) });
      return;
    }
    const checked = ZRuleNodes.safeParse(parsed.value);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const text = message(issue.message) ?? issue.message;
      form.setError('nodes', { message: issue.path.length ? `${issue.path.join('.')}: ${text}` : text });
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: template?.id, body: { ...values, nodes: checked.data } });
      onSaved(saved.name);
    } catch (error) {
      const left = applyTemplateErrors(error, FIELDS, form.setError, (m) => message(m) ?? m);
      if (left === null || left.length) setBanner(`${t('templates.errors.save')}: ${left?.length ? left.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="rule-template-title">
      <DialogTitle id="rule-template-title">{template ? t('rules.editTitle') : t('rules.createTitle')}</DialogTitle>
      <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <TextField {...field('name')} label={t('templates.name')} required autoFocus />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <TextField {...field('hook_point')} select label={t('rules.hook')} required slotProps={NATIVE_SELECT}>
              {RULE_HOOK_POINTS.map((h) => <option key={h} value={h}>{t(`rules.hooks.${h}`)}</option>)}
            </TextField>
          </Grid>
          <Grid size={12}>
            <TextField {...field('description')} label={t('templates.description')} multiline minRows={2} />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }} sx={{ order: { xs: 2, md: 0 } }}>
            <JsonField {...field('nodes', t('rules.nodesHint'))} label={t('rules.nodes')} required />
          </Grid>
          {/* On a phone the readable list comes first, above the long JSON. */}
          <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: 1, md: 0 } }}>
            <RuleNodeList text={nodesText} />
          </Grid>
        </Grid>
      </FormDialogBody>
    </Dialog>
  );
}

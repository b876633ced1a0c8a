import { useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PACKING_TEMPLATE_TYPES, ZPackingTemplateCreate } from '@omnio/domain';
import { Button, Dialog, DialogTitle, Grid, IconButton, Paper, Stack, TextField, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { NATIVE_SELECT, errorText, applyFieldErrors } from '../../shared/ui/form-helpers';
import { ListPage } from '../../shared/ui/ListPage';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useDeletePackingTemplate, usePackingTemplates, useSavePackingTemplate, type PackingTemplate, type PackingTemplateBody } from './api';
import { useMessageText, useSupplierField } from './form-fields';
import { formatDateTime } from '../../shared/format/format';

const HIDDEN_ON_PHONE = ['notes', 'updated_at'] as const;

/** /packing-templates: how shipments (ASNs) are usually packed: a name, a type and its boxes. */
export function PackingTemplatesPage() {
  const { t } = useTranslation('suppliers');
  const session = useSession();
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = usePackingTemplates(grid.query, search);
  const save = useSavePackingTemplate();
  const remove = useDeletePackingTemplate();
  const [editing, setEditing] = useState<PackingTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PackingTemplate | null>(null);
  const canUpdate = session.can('update-asn');
  const canDelete = session.can('delete-asn');

  const columns = useMemo<GridColDef<PackingTemplate>[]>(() => {
    const cols: GridColDef<PackingTemplate>[] = [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 160 },
      { field: 'type', headerName: t('fields.templateType'), width: 100, valueFormatter: (v: string) => t(`templateTypes.${v}`, v) },
      {
        field: 'boxes', headerName: t('fields.boxes'), flex: 1.4, minWidth: 140, sortable: false,
        valueGetter: (_v, row) => (row.boxes.length === 0 ? '—' : row.boxes.map((b) => `${b.length}×${b.width}×${b.height} · ${b.units_per_box}`).join('; ')),
        renderCell: ({ row, value }) => <span title={t('templates.boxCount', { count: row.boxes.length })}>{value as string}</span>,
      },
      { field: 'notes', headerName: t('fields.notes'), flex: 1, minWidth: 120, sortable: false },
      { field: 'updated_at', headerName: t('fields.updated'), width: 170, valueFormatter: (v: string) => formatDateTime(v) },
    ];
    if (canUpdate || canDelete) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 88 : 100,
        getActions: ({ row }) => [
          ...(canUpdate ? [<GridActionsCellItem key="edit" icon={<EditOutlined />} label={t('actions.editTemplate', { name: row.name })} onClick={() => setEditing(row)} />] : []),
          ...(canDelete ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.deleteTemplate', { name: row.name })} onClick={() => setDeleting(row)} />] : []),
        ],
      });
    }
    return cols;
  }, [t, phone, canUpdate, canDelete]);

  return (
    <ListPage
      title={t('templates.title')}
      error={list.isError ? { message: `${t('errors.loadTemplates')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
      toolbar={
        <ListToolbar
          searchLabel={t('templates.search')}
          search={text}
          onSearchChange={(v) => {
            setText(v);
            grid.resetPage();
          }}
          action={session.can('create-asn') ? { label: t('actions.createTemplate'), icon: <Add />, onClick: () => setEditing('new') } : undefined}
        />
      }
    >
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={t('templates.empty')}
        hideOnPhone={HIDDEN_ON_PHONE}
      />
      <TemplateDialog
        template={editing}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : undefined, body });
          toast.success(t('notices.templateSaved', { name: saved.name }));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.templateTitle')}
        message={t('delete.templateMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteTemplate')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t('notices.templateDeleted', { name: deleting.name }));
        }}
      />
    </ListPage>
  );
}

/* ------------------------------------------------------------------ the dialog */

/** Box inputs are text while typed; the shared template rule checks what is sent. */
const ZBoxForm = z.object({ length: z.string(), width: z.string(), height: z.string(), weight: z.string(), units_per_box: z.string() });
const ZTemplateForm = z.object({ name: z.string(), type: z.enum(PACKING_TEMPLATE_TYPES), notes: z.string(), boxes: z.array(ZBoxForm) });
type TemplateForm = z.infer<typeof ZTemplateForm>;
const BOX_FIELDS = ['length', 'width', 'height', 'weight', 'units_per_box'] as const;

const toBody = (v: TemplateForm): PackingTemplateBody => ({
  name: v.name,
  type: v.type,
  notes: v.notes.trim() ? v.notes : null,
  boxes: v.boxes.map((b) => ({
    length: b.length.trim(), width: b.width.trim(), height: b.height.trim(), weight: b.weight.trim(),
    units_per_box: /^\d+$/.test(b.units_per_box.trim()) ? Number(b.units_per_box) : (b.units_per_box as unknown as number),
  })),
});

/** The shared rule run on the body the form would send; its issues land on the form's inputs. */
const resolver = zodResolver(
  ZTemplateForm.superRefine((v, ctx) => {
    const parsed = ZPackingTemplateCreate.safeParse(toBody(v));
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
  }),
);

interface TemplateDialogProps {
  template: PackingTemplate | 'new' | null;
  onClose(): void;
  onSubmit(body: PackingTemplateBody): Promise<unknown>;
}

function TemplateDialog({ template, onClose, onSubmit }: TemplateDialogProps) {
  const { t } = useTranslation('suppliers');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const existing = template && template !== 'new' ? template : null;
  return (
    <Dialog open={template !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="template-form-title">
      <DialogTitle id="template-form-title">{existing ? t('templates.editTitle', { name: existing.name }) : t('templates.createTitle')}</DialogTitle>
      {template !== null && <TemplateFormBody key={existing?.id ?? 'new'} template={existing} onClose={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function TemplateFormBody({ template, onClose, onSubmit }: { template: PackingTemplate | null; onClose(): void; onSubmit(body: PackingTemplateBody): Promise<unknown> }) {
  const { t } = useTranslation('suppliers');
  const messageText = useMessageText();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<TemplateForm>({
    resolver,
    defaultValues: {
      name: template?.name ?? '', type: PACKING_TEMPLATE_TYPES.find((k) => k === template?.type) ?? 'box', notes: template?.notes ?? '',
      boxes: (template?.boxes ?? []).map((b) => ({ ...b, units_per_box: String(b.units_per_box) })),
    },
  });
  const boxes = useFieldArray({ control: form.control, name: 'boxes' });
  const field = useSupplierField(form);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSubmit(toBody(values));
      onClose();
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (key) => (/^(name|type|notes|boxes(\.\d+\.(length|width|height|weight|units_per_box))?)$/.test(key) ? key : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${t('errors.saveTemplate')}: ${unmatched.length ? unmatched.map((m) => messageText(m) ?? m).join(' ') : errorText(error)}`);
    }
  });
  const boxesError = messageText(form.formState.errors.boxes?.message ?? form.formState.errors.boxes?.root?.message);
  return (
    <FormDialogBody onSubmit={submit} banner={banner} submitLabel={t('actions.save')} submitting={form.formState.isSubmitting} onCancel={onClose}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField {...field('name')} label={t('fields.name')} required autoFocus autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...field('type')} select label={t('fields.templateType')} slotProps={NATIVE_SELECT}>
            {PACKING_TEMPLATE_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`templateTypes.${k}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <TextField {...field('notes')} label={t('fields.notes')} multiline minRows={2} />
        </Grid>
        <Grid size={12}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
              {t('fields.boxes')}
            </Typography>
            <Button startIcon={<Add />} onClick={() => boxes.append({ length: '', width: '', height: '', weight: '', units_per_box: '' })}>
              {t('actions.addBox')}
            </Button>
          </Stack>
          {boxesError && <Typography color="error" variant="body2">{boxesError}</Typography>}
          {boxes.fields.length === 0 && (
            <Typography color="text.secondary" variant="body2">
              {t('templates.noBoxes')}
            </Typography>
          )}
        </Grid>
        {boxes.fields.map((box, i) => (
          <Grid size={12} key={box.id}>
            <Paper variant="outlined" sx={{ p: 1.5 }} component="fieldset" aria-label={t('templates.boxN', { n: i + 1 })}>
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography component="legend" variant="body2" sx={{ fontWeight: 600, flex: 1, float: 'left' }}>
                  {t('templates.boxN', { n: i + 1 })}
                </Typography>
                <Tooltip title={t('actions.removeBox', { n: i + 1 })}>
                  <IconButton size="small" aria-label={t('actions.removeBox', { n: i + 1 })} onClick={() => boxes.remove(i)}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
              <Grid container spacing={1.5}>
                {BOX_FIELDS.map((f) => (
                  <Grid key={f} size={{ xs: 6, sm: 'grow' }}>
                    <TextField
                      {...field(`boxes.${i}.${f}`)}
                      size="small"
                      label={t(`fields.${f === 'units_per_box' ? 'unitsPerBox' : f}`)}
                      inputMode={f === 'units_per_box' ? 'numeric' : 'decimal'}
                      autoComplete="off"
                    />
                  </Grid>
                ))}
              </Grid>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </FormDialogBody>
  );
}

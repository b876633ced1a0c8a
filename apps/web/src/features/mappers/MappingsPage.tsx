import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Chip, Dialog, DialogTitle, Link, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import type { GridColDef } from '@mui/x-data-grid';
import { MAPPER_TYPES, type MapperListItemDto } from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { errorText, NATIVE_SELECT, useMessageTextWith } from '../../shared/ui/form-helpers';
import { ListPage } from '../../shared/ui/ListPage';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useCreateFromTemplate, useMapperTemplateChoices, useMappers, usePartnerConnections } from './api';
import { mappersMessagesEs } from './i18n';
import { formatDate } from '../../shared/format/format';

/** Tenant: the mappers of its trading partners, by document type. */
export function MappingsPage() {
  const { t, i18n } = useTranslation('mappers');
  const session = useSession();
  const canCreate = session.can('create-mapper');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [type, setType] = useState('');
  const [fromTemplate, setFromTemplate] = useState(false);
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useMappers({ ...grid.query, text: search, type });
  const processes = usePartnerConnections();
  const processName = useMemo(() => new Map((processes.data ?? []).map((p) => [p.id, p.name])), [processes.data]);

  const columns = useMemo<GridColDef<MapperListItemDto>[]>(
    () => [
      {
        field: 'name', headerName: t('columns.name'), flex: 1.3, minWidth: 200,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf('mapping-edit', { id: row.id })} sx={{ fontWeight: 500 }}>{row.name}</Link>
        ),
      },
      { field: 'type', headerName: t('columns.type'), width: 160, renderCell: ({ row }) => <Chip size="small" label={t(`types.${row.type}`)} /> },
      { field: 'file_type', headerName: t('columns.fileType'), width: 90, valueFormatter: (v: string) => v.toUpperCase() },
      {
        field: 'process_id', headerName: t('columns.partner'), sortable: false, flex: 1, minWidth: 160,
        valueGetter: (_v, row) => (row.process_id ? (processName.get(row.process_id) ?? row.process_id) : t('list.noPartner')),
      },
      {
        field: 'samples_count', headerName: t('columns.samples'), sortable: false, width: 110,
        valueGetter: (_v, row) => t('list.samples', { count: row.samples_count }),
      },
      { field: 'updated_at', headerName: t('columns.updated'), width: 120, valueFormatter: (v: string) => formatDate(v, { language: i18n.language }) },
    ],
    [t, i18n.language, processName],
  );

  return (
    <ListPage
      title={t('list.title')}
      toolbar={
        <>
          <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>{t('list.intro')}</Typography>
          <ListToolbar
            searchLabel={t('list.search')}
            search={text}
            onSearchChange={(next) => { setText(next); grid.resetPage(); }}
            action={canCreate ? { label: t('list.create'), icon: <AddIcon />, onClick: () => void navigate(pathOf('mapping-new')) } : undefined}
          >
            <FilterSelect
              label={t('list.type')} value={type} allLabel={t('list.allTypes')}
              onChange={(v) => { setType(v); grid.resetPage(); }}
              options={MAPPER_TYPES.map((m) => ({ value: m, label: t(`types.${m}`) }))}
            />
            {canCreate && (
              <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => setFromTemplate(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {t('list.fromTemplate')}
              </Button>
            )}
          </ListToolbar>
        </>
      }
      error={list.isError ? { message: `${t('errors.load')}: ${errorText(list.error)}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []} columns={columns} total={list.data?.total ?? 0} loading={list.isFetching} grid={grid}
        emptyLabel={search || type ? t('list.noMatch') : t('list.empty')} hideOnPhone={['file_type', 'process_id', 'samples_count', 'updated_at']}
      />
      {fromTemplate && (
        <FromTemplateDialog
          onClose={() => setFromTemplate(false)}
          onCreated={(id) => { setFromTemplate(false); void navigate(pathOf('mapping-edit', { id })); }}
        />
      )}
    </ListPage>
  );
}

/** Copies one of the platform's templates as the tenant's own mapper, then opens it. */
function FromTemplateDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const { t } = useTranslation('mappers');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const toast = useToast();
  const message = useMessageTextWith(mappersMessagesEs);
  const templates = useMapperTemplateChoices(true);
  const create = useCreateFromTemplate();
  const [templateId, setTemplateId] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ template?: string; name?: string; banner?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!templateId) {
      setErrors({ template: t('template.choose') });
      return;
    }
    setErrors({});
    try {
      const made = await create.mutateAsync({ templateId, name: name.trim() || undefined });
      toast.success(t('editor.created', { name: made.name }));
      onCreated(made.id);
    } catch (error) {
      const nameError = isHttpError(error) ? error.fieldErrors.name?.[0] : undefined;
      if (nameError) setErrors({ name: message(nameError) ?? nameError });
      else setErrors({ banner: `${t('errors.create')}: ${message(errorText(error)) ?? errorText(error)}` });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="mapper-from-template-title">
      <DialogTitle id="mapper-from-template-title">{t('template.title')}</DialogTitle>
      <FormDialogBody onSubmit={(e) => void submit(e)} banner={errors.banner} submitLabel={t('template.create')} submitting={create.isPending} onCancel={onClose}>
        {templates.isPending ? (
          <LoadingState minHeight={120} />
        ) : templates.isError ? (
          <Alert severity="error">{`${t('errors.templates')}: ${errorText(templates.error)}`}</Alert>
        ) : templates.data.length === 0 ? (
          <Alert severity="info">{t('template.none')}</Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select label={t('template.template')} value={templateId} onChange={(e) => setTemplateId(e.target.value)} required autoFocus fullWidth
              error={Boolean(errors.template)} helperText={errors.template} slotProps={NATIVE_SELECT}
            >
              <option value="">{t('template.choose')}</option>
              {templates.data.map((m) => (
                <option key={m.id} value={m.id}>{`${m.name} · ${t(`types.${m.type}`)} · ${m.file_type.toUpperCase()}`}</option>
              ))}
            </TextField>
            <TextField
              label={t('template.name')} value={name} onChange={(e) => setName(e.target.value)} fullWidth
              error={Boolean(errors.name)} helperText={errors.name ?? t('template.nameHint')}
            />
          </Stack>
        )}
      </FormDialogBody>
    </Dialog>
  );
}

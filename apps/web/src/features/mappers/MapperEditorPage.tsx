import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead,
  TableRow, TextField, Tooltip, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  MAPPER_FILE_TYPES, MAPPER_SAMPLE_MAX_CHARS, MAPPER_TRANSFORMS, MAPPER_TYPES, ZMapperCreate,
  type MapperDto, type MapperFileType, type MapperPreviewResultDto, type MapperSampleChangeDto, type MapperType,
} from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText, NATIVE_SELECT, useMessageTextWith } from '../../shared/ui/form-helpers';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useAddSample, useCreateMapper, useDeleteMapper, useMapper, usePreviewMapper, useRemoveSample, useUpdateMapper, usePartnerConnections } from './api';
import { mappersMessagesEs } from './i18n';

interface RelationDraft {
  source: string;
  target: string;
  default: string;
  transform: string;
}

interface Draft {
  name: string;
  type: MapperType;
  file_type: MapperFileType;
  description: string;
  process_id: string;
  root: string;
  relations: RelationDraft[];
}

const blankRelation = (): RelationDraft => ({ source: '', target: '', default: '', transform: '' });

const draftOf = (m: MapperDto | undefined): Draft => ({
  name: m?.name ?? '', type: m?.type ?? 'ORDER', file_type: m?.file_type ?? 'csv', description: m?.description ?? '', process_id: m?.process_id ?? '',
  root: m?.definition.root ?? (m ? '' : 'rows'),
  relations: m
    ? m.definition.relations.map((r) => ({ source: r.source, target: r.target, default: r.default ?? '', transform: r.transform ?? '' }))
    : [{ ...blankRelation(), source: '`Order Number`', target: 'external_id' }],
});

const definitionOf = (d: Draft) => ({
  ...(d.root.trim() ? { root: d.root.trim() } : {}),
  relations: d.relations.map((r) => ({
    source: r.source, target: r.target, ...(r.default !== '' ? { default: r.default } : {}), ...(r.transform ? { transform: r.transform } : {}),
  })),
});

/** Server and schema field keys as the editor names them ('definition.relations.0.source', 'name', …). */
type Errors = Record<string, string>;

/** Tenant: one mapper (new at /mappings/new): its relations, a sample panel with Preview, and the save diff. */
export function MapperEditorPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useTranslation('mappers');
  const mapper = useMapper(id);
  if (!id) return <MapperEditor key="new" mapper={undefined} />;
  if (mapper.isPending) return <LoadingState />;
  if (mapper.isError) return <ErrorState message={`${t('errors.show')}: ${errorText(mapper.error)}`} onRetry={() => void mapper.refetch()} />;
  return <MapperEditor key={mapper.data.id} mapper={mapper.data} />;
}

function MapperEditor({ mapper }: { mapper: MapperDto | undefined }) {
  const { t } = useTranslation('mappers');
  const navigate = useNavigate();
  const session = useSession();
  const toast = useToast();
  const message = useMessageTextWith(mappersMessagesEs);
  const canWrite = session.can(mapper ? 'update-mapper' : 'create-mapper');
  const canDelete = Boolean(mapper) && session.can('delete-mapper');
  const processes = usePartnerConnections();
  const create = useCreateMapper();
  const update = useUpdateMapper();
  const remove = useDeleteMapper();
  const [draft, setDraft] = useState<Draft>(() => draftOf(mapper));
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [changes, setChanges] = useState<MapperSampleChangeDto[] | null>(null);
  const [deleting, setDeleting] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setRelation = (i: number, patch: Partial<RelationDraft>) =>
    setDraft((d) => ({ ...d, relations: d.relations.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const err = (key: string) => (errors[key] ? (message(errors[key]) ?? errors[key]) : undefined);

  const showErrors = (fieldErrors: Record<string, string[]>) => {
    const next: Errors = {};
    for (const [key, messages] of Object.entries(fieldErrors)) if (messages[0]) next[key] = messages[0];
    setErrors(next);
    const shown = ['name', 'type', 'file_type', 'description', 'process_id', 'definition.root', 'definition.relations'];
    const loose = Object.entries(next).filter(([k]) => !shown.includes(k) && !/^definition\.relations\.\d+\./.test(k)).map(([, m]) => message(m) ?? m);
    setBanner(loose.length ? loose.join(' ') : t('editor.fixErrors'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const body = { name: draft.name, type: draft.type, file_type: draft.file_type, description: draft.description, definition: definitionOf(draft) };
    const checked = ZMapperCreate.safeParse(body);
    if (!checked.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of checked.error.issues) (fieldErrors[issue.path.join('.') || 'definition'] ??= []).push(issue.message);
      showErrors(fieldErrors);
      return;
    }
    setErrors({});
    try {
      if (!mapper) {
        const made = await create.mutateAsync(checked.data);
        toast.success(t('editor.created', { name: made.name }));
        void navigate(pathOf('mapping-edit', { id: made.id }), { replace: true });
        return;
      }
      const saved = await update.mutateAsync({ id: mapper.id, body: { ...checked.data, process_id: draft.process_id || null } });
      toast.success(t('editor.saved'));
      if (saved.sample_changes.length) setChanges(saved.sample_changes);
    } catch (error) {
      if (isHttpError(error, 422) && Object.keys(error.fieldErrors).length) showErrors(error.fieldErrors);
      else setBanner(`${t('errors.save')}: ${message(errorText(error)) ?? errorText(error)}`);
    }
  };

  const title = mapper ? mapper.name : t('editor.newTitle');
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{title}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={RouterLink} to={pathOf('mappings')} startIcon={<ArrowBack />}>{t('editor.back')}</Button>
          {canDelete && (
            <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)}>{t('editor.delete')}</Button>
          )}
        </Stack>
      </Stack>

      <Paper component="form" onSubmit={(e) => void submit(e)} noValidate variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} aria-label={title}>
        {banner && <Alert severity="error" sx={{ mb: 2 }}>{banner}</Alert>}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('editor.name')} value={draft.name} onChange={(e) => set('name', e.target.value)} required fullWidth autoFocus={!mapper}
              error={Boolean(err('name'))} helperText={err('name')} disabled={!canWrite}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              select label={t('editor.type')} value={draft.type} onChange={(e) => set('type', e.target.value as MapperType)} required fullWidth
              slotProps={NATIVE_SELECT} error={Boolean(err('type'))} helperText={err('type')} disabled={!canWrite}
            >
              {MAPPER_TYPES.map((m) => <option key={m} value={m}>{t(`types.${m}`)}</option>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              select label={t('editor.fileType')} value={draft.file_type} onChange={(e) => set('file_type', e.target.value as MapperFileType)} required fullWidth
              slotProps={NATIVE_SELECT} error={Boolean(err('file_type'))} helperText={err('file_type')} disabled={!canWrite}
            >
              {MAPPER_FILE_TYPES.map((f) => <option key={f} value={f}>{f.toUpperCase()}</option>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: mapper ? 6 : 12 }}>
            <TextField
              label={t('editor.description')} value={draft.description} onChange={(e) => set('description', e.target.value)} fullWidth
              error={Boolean(err('description'))} helperText={err('description')} disabled={!canWrite}
            />
          </Grid>
          {mapper && (
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                select label={t('editor.partner')} value={draft.process_id} onChange={(e) => set('process_id', e.target.value)} fullWidth
                slotProps={NATIVE_SELECT} error={Boolean(err('process_id'))} helperText={err('process_id') ?? t('editor.partnerHint')} disabled={!canWrite}
              >
                <option value="">{t('editor.noPartner')}</option>
                {(processes.data ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
              </TextField>
            </Grid>
          )}
          <Grid size={12}>
            <TextField
              label={t('editor.root')} value={draft.root} onChange={(e) => set('root', e.target.value)} fullWidth
              error={Boolean(err('definition.root'))} helperText={err('definition.root') ?? t('editor.rootHint')} disabled={!canWrite}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          </Grid>
        </Grid>

        <RelationsEditor relations={draft.relations} disabled={!canWrite} err={err} onChange={setRelation}
          onAdd={() => set('relations', [...draft.relations, blankRelation()])}
          onRemove={(i) => set('relations', draft.relations.filter((_, j) => j !== i))}
        />

        {canWrite && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
              {mapper ? t('editor.save') : t('editor.create')}
            </Button>
          </Stack>
        )}
      </Paper>

      <SamplePanel mapper={mapper} fileType={draft.file_type} definition={definitionOf(draft)} canWrite={Boolean(mapper) && session.can('update-mapper')} />

      {changes && <SampleChangesDialog changes={changes} onClose={() => setChanges(null)} />}
      {mapper && (
        <ConfirmDialog
          open={deleting} title={t('editor.deleteTitle')} message={t('editor.deleteMessage', { name: mapper.name })} confirmLabel={t('editor.delete')} destructive
          errorPrefix={t('errors.delete')} onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await remove.mutateAsync(mapper.id);
            toast.success(t('editor.deleted'));
            void navigate(pathOf('mappings'));
          }}
        />
      )}
    </Box>
  );
}

interface RelationsEditorProps {
  relations: RelationDraft[];
  disabled: boolean;
  err(key: string): string | undefined;
  onChange(i: number, patch: Partial<RelationDraft>): void;
  onAdd(): void;
  onRemove(i: number): void;
}

/** One row per relation: a grid line on wide screens, a stacked card on a phone. */
function RelationsEditor({ relations, disabled, err, onChange, onAdd, onRemove }: RelationsEditorProps) {
  const { t } = useTranslation('mappers');
  const at = (i: number, field: string) => err(`definition.relations.${i}.${field}`);
  const mono = { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } };
  return (
    <Box component="section" aria-labelledby="mapper-relations-title" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="mapper-relations-title">{t('editor.relations')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('editor.relationsHint')}</Typography>
      {err('definition.relations') && <Alert severity="error" sx={{ mb: 2 }}>{err('definition.relations')}</Alert>}
      <Stack spacing={2}>
        {relations.map((r, i) => (
          <Box
            key={i} role="group" aria-label={t('editor.relationLabel', { n: i + 1 })}
            sx={{ border: { xs: 1, md: 0 }, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, md: 0 } }}
          >
            <Grid container spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  size="small" label={t('editor.source')} value={r.source} onChange={(e) => onChange(i, { source: e.target.value })} required fullWidth
                  error={Boolean(at(i, 'source'))} helperText={at(i, 'source')} disabled={disabled} slotProps={mono}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 3 }}>
                <TextField
                  size="small" label={t('editor.target')} value={r.target} onChange={(e) => onChange(i, { target: e.target.value })} required fullWidth
                  error={Boolean(at(i, 'target'))} helperText={at(i, 'target')} disabled={disabled} slotProps={mono}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <TextField
                  size="small" label={t('editor.default')} value={r.default} onChange={(e) => onChange(i, { default: e.target.value })} fullWidth
                  error={Boolean(at(i, 'default'))} helperText={at(i, 'default')} disabled={disabled}
                />
              </Grid>
              <Grid size={{ xs: 5, md: 2 }}>
                <TextField
                  select size="small" label={t('editor.transform')} value={r.transform} onChange={(e) => onChange(i, { transform: e.target.value })} fullWidth
                  slotProps={NATIVE_SELECT} error={Boolean(at(i, 'transform'))} helperText={at(i, 'transform')} disabled={disabled}
                >
                  <option value="">{t('editor.none')}</option>
                  {MAPPER_TRANSFORMS.map((x) => <option key={x} value={x}>{t(`transforms.${x}`)}</option>)}
                </TextField>
              </Grid>
              <Grid size={{ xs: 1, md: 1 }}>
                {!disabled && (
                  <Tooltip title={t('editor.removeRelation', { n: i + 1 })}>
                    <span>
                      <IconButton aria-label={t('editor.removeRelation', { n: i + 1 })} onClick={() => onRemove(i)} disabled={relations.length === 1}>
                        <DeleteOutline />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
              </Grid>
            </Grid>
          </Box>
        ))}
      </Stack>
      {!disabled && <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1 }}>{t('editor.addRelation')}</Button>}
    </Box>
  );
}

interface SamplePanelProps {
  mapper: MapperDto | undefined;
  fileType: MapperFileType;
  definition: ReturnType<typeof definitionOf>;
  canWrite: boolean;
}

/** Paste or upload a partner file, preview the current (unsaved) definition on it, keep it as a sample. */
function SamplePanel({ mapper, fileType, definition, canWrite }: SamplePanelProps) {
  const { t } = useTranslation('mappers');
  const toast = useToast();
  const message = useMessageTextWith(mappersMessagesEs);
  const preview = usePreviewMapper();
  const addSample = useAddSample();
  const removeSample = useRemoveSample();
  const [name, setName] = useState('sample');
  const [content, setContent] = useState('');
  const [result, setResult] = useState<MapperPreviewResultDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const explain = (prefix: string, error: unknown) => {
    const first = isHttpError(error, 422) ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
    const text = first ?? errorText(error);
    return `${prefix}: ${message(text) ?? text}`;
  };
  const precheck = (): boolean => {
    if (!content) return setProblem(t('samples.emptyContent')), false;
    if (content.length > MAPPER_SAMPLE_MAX_CHARS) return setProblem(t('samples.tooBig')), false;
    if (fileType === 'xml') return setProblem(t('samples.xml')), false;
    return true;
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > MAPPER_SAMPLE_MAX_CHARS * 4) {
      setProblem(t('samples.tooBig'));
      return;
    }
    setName(file.name);
    setContent(await file.text());
    setResult(null);
    setProblem(null);
  };

  const runPreview = async () => {
    setProblem(null);
    setResult(null);
    if (!precheck()) return;
    try {
      setResult(await preview.mutateAsync({ file_type: fileType, definition, content }));
    } catch (error) {
      setProblem(explain(t('errors.preview'), error));
    }
  };

  const keep = async () => {
    setProblem(null);
    if (!mapper || !precheck()) return;
    try {
      await addSample.mutateAsync({ id: mapper.id, name: name.trim() || 'sample', content });
      toast.success(t('samples.kept', { name: name.trim() || 'sample' }));
    } catch (error) {
      setProblem(explain(t('errors.sample'), error));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="mapper-sample-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="mapper-sample-title">{t('samples.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('samples.intro')}</Typography>
      {fileType === 'xml' && <Alert severity="info" sx={{ mb: 2 }}>{t('samples.xml')}</Alert>}
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField size="small" label={t('samples.fileName')} value={name} onChange={(e) => setName(e.target.value)} sx={{ minWidth: 220 }} />
          <Button component="label" variant="outlined" startIcon={<UploadFile />}>
            {t('samples.upload')}
            <input type="file" hidden accept=".csv,.json,.txt,.edi,.x12,.xml,text/*,application/json" onChange={(e) => void upload(e)} />
          </Button>
        </Stack>
        <TextField
          label={t('samples.content')} value={content} onChange={(e) => { setContent(e.target.value); setResult(null); }} multiline minRows={6} maxRows={16} fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" onClick={() => void runPreview()} loading={preview.isPending}>{t('samples.preview')}</Button>
          {canWrite && <Button variant="outlined" onClick={() => void keep()} loading={addSample.isPending}>{t('samples.keep')}</Button>}
        </Stack>
        {problem && <Alert severity="error">{problem}</Alert>}
        {result && <PreviewResult result={result} />}
        {mapper && (
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>{t('samples.saved')}</Typography>
            {mapper.samples.length === 0 ? (
              <Typography variant="body2" color="text.secondary">{t('samples.none')}</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {mapper.samples.map((s) => (
                  <Stack component="li" key={s.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ flex: 1, minWidth: 160, overflowWrap: 'anywhere' }}>
                      {s.name}
                      {s.error && <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>{t('samples.lastError', { error: s.error })}</Typography>}
                    </Typography>
                    <Button size="small" onClick={() => { setName(s.name); setContent(s.content); setResult(null); setProblem(null); }}>
                      {t('samples.use', { name: s.name })}
                    </Button>
                    {canWrite && (
                      <IconButton
                        aria-label={t('samples.remove', { name: s.name })}
                        onClick={() => void removeSample.mutateAsync({ id: mapper.id, sampleId: s.id })
                          .then(() => toast.success(t('samples.removed')))
                          .catch((error: unknown) => setProblem(explain(t('errors.sample'), error)))}
                      >
                        <DeleteOutline />
                      </IconButton>
                    )}
                  </Stack>
                ))}
              </Stack>
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

function PreviewResult({ result }: { result: MapperPreviewResultDto }) {
  const { t } = useTranslation('mappers');
  return (
    <Box aria-live="polite">
      <Typography variant="subtitle1" component="h3">
        {t('samples.output')} · {t('samples.records', { count: result.records.length })}
      </Typography>
      <Box
        component="pre" tabIndex={0} aria-label={t('samples.output')}
        sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, maxHeight: 360, overflow: 'auto', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {JSON.stringify(result.records, null, 2)}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1.5 }}>{t('samples.problems')}</Typography>
      {result.errors.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t('samples.noProblems')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {result.errors.map((e, i) => (
            <li key={i}>
              <Typography variant="body2" color="error">
                {e.record === null ? e.message : `${t('samples.problemAt', { record: e.record + 1, target: e.target ?? '' })}: ${e.message}`}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

const shown = (value: unknown, missing: string) => (value === undefined ? missing : JSON.stringify(value));

/** After a save: per sample, the output fields the new definition changed (path, before → after). */
export function SampleChangesDialog({ changes, onClose }: { changes: MapperSampleChangeDto[]; onClose(): void }) {
  const { t } = useTranslation('mappers');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="mapper-diff-title">
      <DialogTitle id="mapper-diff-title">{t('diff.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          {changes.map((sample) => (
            <Box key={sample.sample_id} component="section" aria-label={sample.name}>
              <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>{sample.name}</Typography>
              {sample.error && <Alert severity="warning" sx={{ my: 1 }}>{t('diff.error', { error: sample.error })}</Alert>}
              {sample.changes.length === 0 ? (
                <Typography variant="body2" color="text.secondary">{t('diff.noChanges')}</Typography>
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('diff.path')}</TableCell>
                        <TableCell>{t('diff.before')}</TableCell>
                        <TableCell>{t('diff.after')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {sample.changes.map((c) => (
                        <TableRow key={c.path}>
                          <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{c.path}</TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(c.before, t('diff.missing'))}</TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(c.after, t('diff.missing'))}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">{t('diff.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Chip, Grid, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { FLOW_HOOK_POINTS, RUNNING_HOOK_POINTS, type FlowDto, type FlowHookPoint, type FlowValidationDto } from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText, NATIVE_SELECT, useMessageTextWith } from '../../shared/ui/form-helpers';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useCreateRule, useRule, useRuleLifecycle, useUpdateRule, useValidateRule } from './api';
import { DryRunPanel } from './DryRunPanel';
import { FlowCanvas } from './FlowCanvas';
import { defaultNodes, forSending, makeNode, nodeErrorKey, toDraftNodes, type FlowNode, type PaletteItem } from './flow-model';
import { rulesMessagesEs } from './i18n';
import { NodeForm, type NodeProblem } from './NodeForm';
import { NodeOutline, NodePalette } from './NodeOutline';
import { ValidationResult } from './ValidationResult';
import { VersionsPanel } from './VersionsPanel';

/** /rules/new and /rules/:id. */
export function RuleEditorPage() {
  return <RuleEditorScreen embedded={false} />;
}

/** /iframes/new-rule and /iframes/edit-rule/:id: the same editor without the page chrome. */
export function RuleEditorFrame() {
  return <Box sx={{ p: { xs: 1, sm: 2 } }}><RuleEditorScreen embedded /></Box>;
}

function RuleEditorScreen({ embedded }: { embedded: boolean }) {
  const { id } = useParams<{ id: string }>();
  const { t } = useTranslation('rules');
  const rule = useRule(id);
  const [nonce, setNonce] = useState(0);
  if (!id) return <RuleEditor key="new" flow={undefined} embedded={embedded} onReload={() => undefined} />;
  if (rule.isPending) return <LoadingState />;
  if (rule.isError) return <ErrorState message={`${t('errors.show')}: ${errorText(rule.error)}`} onRetry={() => void rule.refetch()} />;
  const reload = async () => {
    await rule.refetch();
    setNonce((n) => n + 1);
  };
  return <RuleEditor key={`${rule.data.id}-${nonce}`} flow={rule.data} embedded={embedded} onReload={() => void reload()} />;
}

interface Header {
  name: string;
  hook_point: FlowHookPoint;
  priority: string;
  description: string;
}

type Problems = Record<string, NodeProblem[]>;

function RuleEditor({ flow, embedded, onReload }: { flow: FlowDto | undefined; embedded: boolean; onReload(): void }) {
  const { t } = useTranslation('rules');
  const navigate = useNavigate();
  const session = useSession();
  const toast = useToast();
  const message = useMessageTextWith(rulesMessagesEs);
  const say = (m: string) => message(m) ?? m;
  const canWrite = session.can(flow ? 'update-flow' : 'create-flow');
  const create = useCreateRule();
  const update = useUpdateRule();
  const lifecycle = useRuleLifecycle();
  const validate = useValidateRule();
  const [header, setHeader] = useState<Header>({
    name: flow?.name ?? '', hook_point: flow?.hook_point ?? 'before_import_order', priority: String(flow?.priority ?? 100), description: flow?.description ?? '',
  });
  const [nodes, setNodes] = useState<FlowNode[]>(() => (flow ? toDraftNodes(flow.nodes) : defaultNodes()));
  const [version, setVersion] = useState(flow?.version ?? 1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [checked, setChecked] = useState<FlowValidationDto | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [tab, setTab] = useState(0);

  const selected = nodes.find((n) => n.id === selectedId) ?? null;
  const problemCount = useMemo(() => Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, v.length])), [problems]);
  const set = <K extends keyof Header>(key: K, value: Header[K]) => setHeader((h) => ({ ...h, [key]: value }));
  const editPath = (id: string) => pathOf(embedded ? 'iframe-edit-rule' : 'rule-edit', { id });

  const clearProblems = () => {
    setProblems({});
    setFieldErrors({});
    setBanner([]);
  };

  /** Node problems go to their node (outline, canvas, form); the rest to the header fields or the banner. */
  const showProblems = (entries: { key: string; message: string }[], sent: FlowNode[]) => {
    const byNode: Problems = {};
    const fields: Record<string, string> = {};
    const loose: string[] = [];
    for (const { key, message: m } of entries) {
      const at = nodeErrorKey(key, sent);
      if (at) (byNode[at.nodeId] ??= []).push({ rest: at.rest, message: m });
      else if (['name', 'hook_point', 'priority', 'description'].includes(key)) fields[key] = m;
      else loose.push(say(m));
    }
    setProblems(byNode);
    setFieldErrors(fields);
    setBanner(loose.length ? loose : [t('editor.fixErrors')]);
    const first = Object.keys(byNode)[0];
    if (first) setSelectedId(first);
  };

  const addNode = (item: PaletteItem, name: string) => {
    const made = makeNode(nodes, item, name);
    setNodes([...nodes, made]);
    setSelectedId(made.id);
  };

  const save = async () => {
    clearProblems();
    setStale(false);
    const sent = forSending(nodes);
    const priority = Number(header.priority);
    const common = { name: header.name, description: header.description, priority: Number.isInteger(priority) ? priority : 100, nodes: sent };
    try {
      if (!flow) {
        const made = await create.mutateAsync({ ...common, hook_point: header.hook_point });
        toast.success(t('editor.created', { name: made.name }));
        void navigate(editPath(made.id), { replace: true });
        return;
      }
      const saved = await update.mutateAsync({ id: flow.id, body: { ...common, version } });
      setVersion(saved.version);
      toast.success(t('editor.saved'));
    } catch (error) {
      if (isHttpError(error, 409)) setStale(true);
      else if (isHttpError(error, 422) && Object.keys(error.fieldErrors).length) {
        showProblems(Object.entries(error.fieldErrors).flatMap(([key, ms]) => ms.slice(0, 1).map((m) => ({ key, message: m }))), sent);
      } else setBanner([`${t(flow ? 'errors.save' : 'errors.create')}: ${say(errorText(error))}`]);
    }
  };

  const runValidate = async () => {
    clearProblems();
    const sent = forSending(nodes);
    try {
      const result = await validate.mutateAsync({ hook_point: header.hook_point, nodes: sent, ...(flow ? { flow_id: flow.id } : {}) });
      setChecked(result);
      if (result.problems.length) {
        showProblems(result.problems.map((p) => {
          const path = p.path[0] === 'nodes' ? p.path.slice(1) : p.path;
          return { key: typeof path[0] === 'number' ? `nodes.${path.join('.')}` : p.path.join('.'), message: p.message };
        }), sent);
      }
    } catch (error) {
      setChecked(null);
      setBanner([`${t('errors.validate')}: ${say(errorText(error))}`]);
    }
  };

  const act = async (action: 'enable' | 'disable') => {
    if (!flow) return;
    try {
      await lifecycle.mutateAsync({ id: flow.id, action });
      toast.success(t(action === 'enable' ? 'editor.enabled' : 'editor.disabled'));
    } catch (error) {
      toast.error(`${t('errors.action')}: ${say(errorText(error))}`);
    }
  };

  const allowed = (a: 'enable' | 'disable' | 'delete') =>
    Boolean(flow?.allowed_actions.includes(a)) && session.can(a === 'delete' ? 'delete-flow' : 'update-flow');
  const title = flow ? flow.name : t('editor.newTitle');
  const fieldErr = (key: string) => (fieldErrors[key] ? say(fieldErrors[key]) : undefined);

  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ flex: 1, minWidth: 0, alignItems: 'center' }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{title}</Typography>
          {flow && <Chip size="small" color={flow.status === 'active' ? 'success' : 'default'} label={t(`status.${flow.status}`)} />}
          {flow && <Typography variant="body2" color="text.secondary">{t('editor.version', { version })}</Typography>}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {!embedded && <Button component={RouterLink} to={pathOf('rules')} startIcon={<ArrowBack />}>{t('editor.back')}</Button>}
          <Button variant="outlined" onClick={() => void runValidate()} loading={validate.isPending}>{t('editor.validate')}</Button>
          {allowed('enable') && <Button variant="outlined" color="success" onClick={() => void act('enable')}>{t('editor.enable')}</Button>}
          {allowed('disable') && <Button variant="outlined" onClick={() => void act('disable')}>{t('editor.disable')}</Button>}
          {allowed('delete') && <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>{t('editor.delete')}</Button>}
          {canWrite && (
            <Button variant="contained" onClick={() => void save()} loading={create.isPending || update.isPending}>
              {flow ? t('editor.save') : t('editor.create')}
            </Button>
          )}
        </Stack>
      </Stack>

      {!canWrite && <Alert severity="info" sx={{ mb: 2 }}>{t('editor.readOnly')}</Alert>}
      {stale && (
        <Alert severity="warning" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={onReload}>{t('editor.reload')}</Button>}>
          {t('editor.stale')}
        </Alert>
      )}
      {banner.length > 0 && <Alert severity="error" sx={{ mb: 2 }}>{banner.map((b, i) => <div key={i}>{b}</div>)}</Alert>}
      {checked ? (
        <ValidationResult result={checked} nodes={nodes} onSelect={setSelectedId} onClose={() => setChecked(null)} />
      ) : (
        flow && (flow.warnings.length > 0 || flow.conflicts.length > 0) && (
          <ValidationResult result={{ valid: true, problems: [], warnings: flow.warnings, conflicts: flow.conflicts }} nodes={nodes} onSelect={setSelectedId} quiet />
        )
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 5 }}>
            <TextField
              label={t('editor.name')} value={header.name} onChange={(e) => set('name', e.target.value)} required fullWidth disabled={!canWrite}
              error={Boolean(fieldErr('name'))} helperText={fieldErr('name')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8, md: 4 }}>
            <TextField
              select label={t('editor.hookPoint')} value={header.hook_point} onChange={(e) => set('hook_point', e.target.value as FlowHookPoint)} fullWidth
              slotProps={NATIVE_SELECT} disabled={!canWrite || Boolean(flow)} error={Boolean(fieldErr('hook_point'))} helperText={fieldErr('hook_point') ?? t('editor.notRunningHint')}
            >
              {FLOW_HOOK_POINTS.map((h) => {
                const runs = (RUNNING_HOOK_POINTS as readonly string[]).includes(h);
                return <option key={h} value={h} disabled={!runs}>{runs ? t(`hooks.${h}`) : t('editor.notRunning', { hook: t(`hooks.${h}`) })}</option>;
              })}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <TextField
              type="number" label={t('editor.priority')} value={header.priority} onChange={(e) => set('priority', e.target.value)} fullWidth disabled={!canWrite}
              error={Boolean(fieldErr('priority'))} helperText={fieldErr('priority') ?? t('editor.priorityHint')}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              label={t('editor.description')} value={header.description} onChange={(e) => set('description', e.target.value)} fullWidth multiline disabled={!canWrite}
              error={Boolean(fieldErr('description'))} helperText={fieldErr('description')}
            />
          </Grid>
        </Grid>
      </Paper>

      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 8 }} sx={{ minWidth: 0, order: { xs: 2, md: 1 } }}>
          {canWrite && <NodePalette onAdd={addNode} />}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>{t('editor.canvasHint')}</Typography>
          <FlowCanvas nodes={nodes} selectedId={selectedId} readOnly={!canWrite} problemsByNode={problemCount} onSelect={setSelectedId} onChange={setNodes} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: 1, md: 2 } }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <NodeOutline nodes={nodes} selectedId={selectedId} problemsByNode={problemCount} onSelect={setSelectedId} />
            </Paper>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              {selected ? (
                <NodeForm
                  key={selected.id} nodes={nodes} node={selected} problems={problems[selected.id] ?? []} readOnly={!canWrite}
                  onChange={setNodes} onSelect={setSelectedId}
                />
              ) : (
                <Typography color="text.secondary">{t('editor.noSelection')}</Typography>
              )}
            </Paper>
          </Stack>
        </Grid>
      </Grid>

      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" aria-label={title}>
          <Tab label={t('tabs.dryRun')} id="rule-tab-0" aria-controls="rule-tabpanel-0" />
          <Tab label={t('tabs.versions')} id="rule-tab-1" aria-controls="rule-tabpanel-1" disabled={!flow} />
        </Tabs>
        <Box role="tabpanel" id={`rule-tabpanel-${tab}`} aria-labelledby={`rule-tab-${tab}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
          {!flow ? (
            <Typography color="text.secondary">{t('dryRun.needsSave')}</Typography>
          ) : tab === 0 ? (
            <DryRunPanel flowId={flow.id} nodes={nodes} canApply={session.can('update-flow')} />
          ) : (
            <VersionsPanel flowId={flow.id} canWrite={canWrite} onRolledBack={onReload} />
          )}
        </Box>
      </Paper>

      {flow && (
        <ConfirmDialog
          open={deleting} title={t('editor.deleteTitle')} message={t('editor.deleteMessage', { name: flow.name })} confirmLabel={t('editor.delete')} destructive
          errorPrefix={t('errors.action')} onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await lifecycle.mutateAsync({ id: flow.id, action: 'delete' });
            toast.success(t('editor.deleted'));
            if (!embedded) void navigate(pathOf('rules'));
          }}
        />
      )}
    </Box>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { MAPPER_TYPES, RULE_HOOK_POINTS, type MapperTemplateView, type RuleTemplateView } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { errorText } from '../../shared/ui/form-helpers';
import { ListPage } from '../../shared/ui/ListPage';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useDeleteMapperTemplate, useDeleteRuleTemplate, useMapperTemplates, useRuleTemplates } from './api';
import { LifecycleButtons } from './Lifecycle';
import { MapperTemplateDialog } from './MapperTemplateDialog';
import { RuleTemplateDialog } from './RuleTemplateDialog';
import { flowSummary } from './template-text';

/** Spec 2 gives the template screens read-company; changing platform templates takes create-company (the server's rule). */
const WRITE = 'create-company';

function NameCell({ name, description }: { name: string; description: string }) {
  return (
    <Stack sx={{ justifyContent: 'center', height: '100%', minWidth: 0 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>{name}</Typography>
      {description && <Typography variant="caption" color="text.secondary" noWrap>{description}</Typography>}
    </Stack>
  );
}

/** Owner: the platform's mapper templates, filtered by mapper type. */
export function MapperTemplatesPage() {
  const { t, i18n } = useTranslation('services');
  const canWrite = useSession().can(WRITE);
  const toast = useToast();
  const [text, setText] = useState('');
  const [type, setType] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useMapperTemplates({ ...grid.query, text: search, filters: { type } });
  const remove = useDeleteMapperTemplate();
  const [editing, setEditing] = useState<{ template: MapperTemplateView | null } | null>(null);
  const [deleting, setDeleting] = useState<MapperTemplateView | null>(null);

  const columns = useMemo<GridColDef<MapperTemplateView>[]>(
    () => [
      { field: 'name', headerName: t('templates.name'), flex: 1.4, minWidth: 200, renderCell: ({ row }) => <NameCell name={row.name} description={row.description} /> },
      { field: 'type', headerName: t('mapper.type'), width: 150, renderCell: ({ row }) => <Chip size="small" label={t(`mapper.types.${row.type}`)} /> },
      { field: 'file_type', headerName: t('mapper.fileType'), sortable: false, width: 100, valueFormatter: (v: string) => v.toUpperCase() },
      {
        field: 'relations', headerName: t('mapper.definition'), sortable: false, width: 140,
        valueGetter: (_v, row) => t('mapper.relations', { count: row.definition.relations.length }),
      },
      { field: 'updated_at', headerName: t('columns.updated'), width: 120, valueFormatter: (v: string) => new Date(v).toLocaleDateString(i18n.language) },
      ...(canWrite
        ? [{
            field: 'actions', headerName: t('columns.actions'), sortable: false, width: 110,
            renderCell: ({ row }: { row: MapperTemplateView }) => (
              <LifecycleButtons name={row.name} allowed={['edit', 'delete']} onAction={(a) => (a === 'edit' ? setEditing({ template: row }) : setDeleting(row))} />
            ),
          } satisfies GridColDef<MapperTemplateView>]
        : []),
    ],
    [t, i18n.language, canWrite],
  );

  return (
    <ListPage
      title={t('mapper.title')}
      toolbar={
        <>
          <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>{t('mapper.intro')}</Typography>
          <ListToolbar
            searchLabel={t('templates.search')}
            search={text}
            onSearchChange={(next) => { setText(next); grid.resetPage(); }}
            action={canWrite ? { label: t('mapper.create'), icon: <AddIcon />, onClick: () => setEditing({ template: null }) } : undefined}
          >
            <FilterSelect
              label={t('mapper.type')} value={type} allLabel={t('mapper.allTypes')}
              onChange={(v) => { setType(v); grid.resetPage(); }}
              options={MAPPER_TYPES.map((m) => ({ value: m, label: t(`mapper.types.${m}`) }))}
            />
          </ListToolbar>
        </>
      }
      error={list.isError ? { message: `${t('templates.errors.load')}: ${errorText(list.error)}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []} columns={columns} total={list.data?.total ?? 0} loading={list.isFetching} grid={grid} rowHeight={60}
        emptyLabel={search || type ? t('mapper.noMatch') : t('mapper.empty')} hideOnPhone={['file_type', 'relations', 'updated_at']}
      />
      {editing && (
        <MapperTemplateDialog
          template={editing.template}
          onClose={() => setEditing(null)}
          onSaved={(name) => { setEditing(null); toast.success(t('templates.created', { name })); }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null} title={t('templates.deleteTitle')} message={t('templates.deleteMessage', { name: deleting?.name })}
        confirmLabel={t('actions.delete')} destructive errorPrefix={t('templates.errors.delete')} onClose={() => setDeleting(null)}
        onConfirm={async () => { await remove.mutateAsync(deleting!.id); toast.success(t('templates.deleted')); }}
      />
    </ListPage>
  );
}

/** Owner: the platform's rule templates, filtered by hook point, each read as its flow. */
export function RuleTemplatesPage() {
  const { t, i18n } = useTranslation('services');
  const canWrite = useSession().can(WRITE);
  const toast = useToast();
  const [text, setText] = useState('');
  const [hook, setHook] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useRuleTemplates({ ...grid.query, text: search, filters: { hook_point: hook } });
  const remove = useDeleteRuleTemplate();
  const [editing, setEditing] = useState<{ template: RuleTemplateView | null } | null>(null);
  const [deleting, setDeleting] = useState<RuleTemplateView | null>(null);

  const columns = useMemo<GridColDef<RuleTemplateView>[]>(
    () => [
      { field: 'name', headerName: t('templates.name'), flex: 1.2, minWidth: 200, renderCell: ({ row }) => <NameCell name={row.name} description={row.description} /> },
      { field: 'hook_point', headerName: t('rules.hook'), width: 200, valueFormatter: (v: string) => t(`rules.hooks.${v}`, { defaultValue: v }) },
      {
        field: 'flow', headerName: t('rules.flow'), sortable: false, flex: 1.4, minWidth: 220,
        valueGetter: (_v, row) => flowSummary(row.nodes) || t('rules.nodeCount', { count: row.nodes.length }),
      },
      { field: 'updated_at', headerName: t('columns.updated'), width: 120, valueFormatter: (v: string) => new Date(v).toLocaleDateString(i18n.language) },
      ...(canWrite
        ? [{
            field: 'actions', headerName: t('columns.actions'), sortable: false, width: 110,
            renderCell: ({ row }: { row: RuleTemplateView }) => (
              <LifecycleButtons name={row.name} allowed={['edit', 'delete']} onAction={(a) => (a === 'edit' ? setEditing({ template: row }) : setDeleting(row))} />
            ),
          } satisfies GridColDef<RuleTemplateView>]
        : []),
    ],
    [t, i18n.language, canWrite],
  );

  return (
    <ListPage
      title={t('rules.title')}
      toolbar={
        <>
          <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>{t('rules.intro')}</Typography>
          <ListToolbar
            searchLabel={t('templates.search')}
            search={text}
            onSearchChange={(next) => { setText(next); grid.resetPage(); }}
            action={canWrite ? { label: t('rules.create'), icon: <AddIcon />, onClick: () => setEditing({ template: null }) } : undefined}
          >
            <FilterSelect
              label={t('rules.hook')} value={hook} allLabel={t('rules.allHooks')}
              onChange={(v) => { setHook(v); grid.resetPage(); }}
              options={RULE_HOOK_POINTS.map((h) => ({ value: h, label: t(`rules.hooks.${h}`) }))}
            />
          </ListToolbar>
        </>
      }
      error={list.isError ? { message: `${t('templates.errors.load')}: ${errorText(list.error)}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []} columns={columns} total={list.data?.total ?? 0} loading={list.isFetching} grid={grid} rowHeight={60}
        emptyLabel={search || hook ? t('rules.noMatch') : t('rules.empty')} hideOnPhone={['flow', 'updated_at']}
      />
      {editing && (
        <RuleTemplateDialog
          template={editing.template}
          onClose={() => setEditing(null)}
          onSaved={(name) => { setEditing(null); toast.success(t('templates.created', { name })); }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null} title={t('templates.deleteTitle')} message={t('templates.deleteMessage', { name: deleting?.name })}
        confirmLabel={t('actions.delete')} destructive errorPrefix={t('templates.errors.delete')} onClose={() => setDeleting(null)}
        onConfirm={async () => { await remove.mutateAsync(deleting!.id); toast.success(t('templates.deleted')); }}
      />
    </ListPage>
  );
}

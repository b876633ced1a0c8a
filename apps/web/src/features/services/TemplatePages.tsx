import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { MAPPER_TYPES, RULE_HOOK_POINTS, type MapperTemplateView, type Paginated, type RuleTemplateView } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { errorText } from '../../shared/ui/form-helpers';
import { ListPage } from '../../shared/ui/ListPage';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useDeleteMapperTemplate, useDeleteRuleTemplate, useMapperTemplates, useRuleTemplates, type ListParams } from './api';
import { LifecycleButtons } from './Lifecycle';
import { MapperTemplateDialog } from './MapperTemplateDialog';
import { RuleTemplateDialog } from './RuleTemplateDialog';
import { flowSummary } from './template-text';
import { formatDate } from '../../shared/format/format';

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

interface TemplateRow {
  id: string;
  name: string;
  description: string;
  updated_at: string;
}

/** What differs between the mapper and the rule template lists; the rest of the page is one. */
interface TemplateListConfig<T extends TemplateRow> {
  /** i18n prefix of the page's own texts: title, intro, create, noMatch, empty. */
  prefix: 'mapper' | 'rules';
  nameFlex: number;
  /** The columns between the name and the update date. */
  columns: GridColDef<T>[];
  hideOnPhone: string[];
  filter: { field: string; label: string; allLabel: string; options: { value: string; label: string }[] };
  useList(params: ListParams): UseQueryResult<Paginated<T>>;
  useDelete(): UseMutationResult<unknown, Error, string>;
  Dialog: ComponentType<{ template: T | null; onClose(): void; onSaved(name: string): void }>;
}

function TemplateListPage<T extends TemplateRow>({ prefix, nameFlex, columns: middle, hideOnPhone, filter, useList, useDelete, Dialog }: TemplateListConfig<T>) {
  const { t, i18n } = useTranslation('services');
  const canWrite = useSession().can(WRITE);
  const toast = useToast();
  const [text, setText] = useState('');
  const [filterValue, setFilterValue] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useList({ ...grid.query, text: search, filters: { [filter.field]: filterValue } });
  const remove = useDelete();
  const [editing, setEditing] = useState<{ template: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const columns = useMemo<GridColDef<T>[]>(
    () => [
      { field: 'name', headerName: t('templates.name'), flex: nameFlex, minWidth: 200, renderCell: ({ row }) => <NameCell name={row.name} description={row.description} /> },
      ...middle,
      { field: 'updated_at', headerName: t('columns.updated'), width: 120, valueFormatter: (v: string) => formatDate(v, { language: i18n.language }) },
      ...(canWrite
        ? [{
            field: 'actions', headerName: t('columns.actions'), sortable: false, width: 110,
            renderCell: ({ row }: { row: T }) => (
              <LifecycleButtons name={row.name} allowed={['edit', 'delete']} onAction={(a) => (a === 'edit' ? setEditing({ template: row }) : setDeleting(row))} />
            ),
          } satisfies GridColDef<T>]
        : []),
    ],
    [t, i18n.language, canWrite, nameFlex, middle],
  );

  return (
    <ListPage
      title={t(`${prefix}.title`)}
      toolbar={
        <>
          <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>{t(`${prefix}.intro`)}</Typography>
          <ListToolbar
            searchLabel={t('templates.search')}
            search={text}
            onSearchChange={(next) => { setText(next); grid.resetPage(); }}
            action={canWrite ? { label: t(`${prefix}.create`), icon: <AddIcon />, onClick: () => setEditing({ template: null }) } : undefined}
          >
            <FilterSelect
              label={filter.label} value={filterValue} allLabel={filter.allLabel}
              onChange={(v) => { setFilterValue(v); grid.resetPage(); }}
              options={filter.options}
            />
          </ListToolbar>
        </>
      }
      error={list.isError ? { message: `${t('templates.errors.load')}: ${errorText(list.error)}`, onRetry: () => void list.refetch() } : null}
    >
      <ServerDataGrid
        rows={list.data?.data ?? []} columns={columns} total={list.data?.total ?? 0} loading={list.isFetching} grid={grid} rowHeight={60}
        emptyLabel={search || filterValue ? t(`${prefix}.noMatch`) : t(`${prefix}.empty`)} hideOnPhone={hideOnPhone}
      />
      {editing && (
        <Dialog
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

/** Owner: the platform's mapper templates, filtered by mapper type. */
export function MapperTemplatesPage() {
  const { t } = useTranslation('services');
  const columns = useMemo<GridColDef<MapperTemplateView>[]>(
    () => [
      { field: 'type', headerName: t('mapper.type'), width: 150, renderCell: ({ row }) => <Chip size="small" label={t(`mapper.types.${row.type}`)} /> },
      { field: 'file_type', headerName: t('mapper.fileType'), sortable: false, width: 100, valueFormatter: (v: string) => v.toUpperCase() },
      {
        field: 'relations', headerName: t('mapper.definition'), sortable: false, width: 140,
        valueGetter: (_v, row) => t('mapper.relations', { count: row.definition.relations.length }),
      },
    ],
    [t],
  );
  return (
    <TemplateListPage
      prefix="mapper"
      nameFlex={1.4}
      columns={columns}
      hideOnPhone={['file_type', 'relations', 'updated_at']}
      filter={{ field: 'type', label: t('mapper.type'), allLabel: t('mapper.allTypes'), options: MAPPER_TYPES.map((m) => ({ value: m, label: t(`mapper.types.${m}`) })) }}
      useList={useMapperTemplates}
      useDelete={useDeleteMapperTemplate}
      Dialog={MapperTemplateDialog}
    />
  );
}

/** Owner: the platform's rule templates, filtered by hook point, each read as its flow. */
export function RuleTemplatesPage() {
  const { t } = useTranslation('services');
  const columns = useMemo<GridColDef<RuleTemplateView>[]>(
    () => [
      { field: 'hook_point', headerName: t('rules.hook'), width: 200, valueFormatter: (v: string) => t(`rules.hooks.${v}`, { defaultValue: v }) },
      {
        field: 'flow', headerName: t('rules.flow'), sortable: false, flex: 1.4, minWidth: 220,
        valueGetter: (_v, row) => flowSummary(row.nodes) || t('rules.nodeCount', { count: row.nodes.length }),
      },
    ],
    [t],
  );
  return (
    <TemplateListPage
      prefix="rules"
      nameFlex={1.2}
      columns={columns}
      hideOnPhone={['flow', 'updated_at']}
      filter={{ field: 'hook_point', label: t('rules.hook'), allLabel: t('rules.allHooks'), options: RULE_HOOK_POINTS.map((h) => ({ value: h, label: t(`rules.hooks.${h}`) })) }}
      useList={useRuleTemplates}
      useDelete={useDeleteRuleTemplate}
      Dialog={RuleTemplateDialog}
    />
  );
}

import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Chip, CircularProgress, Link, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { FlowSummaryDto, RuleTemplateDto } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { useGridLocaleText, usePhoneColumns, useServerGrid } from '../../shared/ui/data-grid';
import { errorText, useMessageTextWith } from '../../shared/ui/form-helpers';
import { ListPage } from '../../shared/ui/ListPage';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useCreateRule, useRules, useRuleTemplates } from './api';
import { rulesMessagesEs } from './i18n';
import { formatDateTime } from '../../shared/format/format';

/** Tenant: the company's rule flows, by priority at their hook point. */
export function RulesPage() {
  const { t, i18n } = useTranslation('rules');
  const session = useSession();
  const canCreate = session.can('create-flow');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useRules({ ...grid.query, search });
  const localeText = useGridLocaleText(search ? t('list.noMatch') : t('list.empty'));
  const visibility = usePhoneColumns(['hook_point', 'priority', 'version', 'last_run_at']);

  const columns = useMemo<GridColDef<FlowSummaryDto>[]>(
    () => [
      {
        field: 'name', headerName: t('columns.name'), flex: 1.4, minWidth: 200,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf('rule-edit', { id: row.id })} sx={{ fontWeight: 500 }} onClick={(e) => e.stopPropagation()}>{row.name}</Link>
        ),
      },
      { field: 'hook_point', headerName: t('columns.hookPoint'), flex: 1, minWidth: 170, valueGetter: (_v, row) => t(`hooks.${row.hook_point}`) },
      {
        field: 'status', headerName: t('columns.status'), width: 110,
        renderCell: ({ row }) => <Chip size="small" color={row.status === 'active' ? 'success' : 'default'} label={t(`status.${row.status}`)} />,
      },
      { field: 'priority', headerName: t('columns.priority'), width: 100, type: 'number' },
      { field: 'version', headerName: t('columns.version'), width: 90, type: 'number', sortable: false },
      {
        field: 'last_run_at', headerName: t('columns.lastRun'), width: 170,
        valueFormatter: (v: string | null) => formatDateTime(v, { language: i18n.language, placeholder: t('list.never') }),
      },
    ],
    [t, i18n.language],
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
            action={canCreate ? { label: t('list.create'), icon: <AddIcon />, onClick: () => void navigate(pathOf('rule-new')) } : undefined}
          >
            {canCreate && <FromTemplateMenu onCreated={(id) => void navigate(pathOf('rule-edit', { id }))} />}
          </ListToolbar>
        </>
      }
      error={list.isError ? { message: `${t('errors.load')}: ${errorText(list.error)}`, onRetry: () => void list.refetch() } : null}
    >
      <DataGrid
        rows={list.data?.data ?? []} columns={columns} rowCount={list.data?.total ?? 0} loading={list.isFetching}
        paginationMode="server" sortingMode="server" paginationModel={grid.paginationModel} onPaginationModelChange={grid.setPaginationModel}
        sortModel={grid.sortModel} onSortModelChange={(model) => { grid.setSortModel(model); grid.resetPage(); }}
        pageSizeOptions={[10, 25, 50, 100]} disableRowSelectionOnClick disableColumnFilter localeText={localeText} {...visibility}
        onRowClick={({ row }) => void navigate(pathOf('rule-edit', { id: row.id }))}
        sx={{ minHeight: 320, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </ListPage>
  );
}

/** The owner's templates: choosing one creates the company's rule from it and opens the editor. */
function FromTemplateMenu({ onCreated }: { onCreated(id: string): void }) {
  const { t } = useTranslation('rules');
  const toast = useToast();
  const message = useMessageTextWith(rulesMessagesEs);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const templates = useRuleTemplates(Boolean(anchor));
  const create = useCreateRule();

  const pick = async (template: RuleTemplateDto) => {
    setAnchor(null);
    try {
      const made = await create.mutateAsync({ name: template.name, hook_point: template.hook_point, template_id: template.id });
      toast.success(t('editor.created', { name: made.name }));
      onCreated(made.id);
    } catch (error) {
      toast.error(`${t('errors.create')}: ${message(errorText(error)) ?? errorText(error)}`);
    }
  };

  return (
    <>
      <Button
        variant="outlined" startIcon={create.isPending ? <CircularProgress size={16} /> : <ContentCopy />} onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu" aria-expanded={Boolean(anchor)} disabled={create.isPending} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {create.isPending ? t('template.creating') : t('list.fromTemplate')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {templates.isPending && <MenuItem disabled><CircularProgress size={16} /></MenuItem>}
        {templates.isError && <MenuItem disabled>{`${t('errors.templates')}: ${errorText(templates.error)}`}</MenuItem>}
        {templates.data?.length === 0 && <MenuItem disabled>{t('list.templatesNone')}</MenuItem>}
        {templates.data?.map((tpl) => (
          <MenuItem key={tpl.id} onClick={() => void pick(tpl)}>
            <ListItemText primary={tpl.name} secondary={t(`hooks.${tpl.hook_point}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

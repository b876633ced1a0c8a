import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, Link, Stack, TextField, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { ACTIVITY_ACTIONS, ACTIVITY_OBJECT_TYPES, activityObjectPath } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListPage } from '../../shared/ui/ListPage';
import { EmptyState } from '../../shared/ui/StateViews';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useDebounced } from '../../shared/ui/useDebounced';
import { EMPTY_FILTERS, useActivity, useActivityUsers, type ActivityFilters, type TActivity } from './api';
import { changeLines, formatWhen } from './activity-format';

/** On phones the grid keeps when and object (the action goes under the object); the rest stays in the columns menu. */
const HIDDEN_ON_PHONE = ['user', 'action', 'changes', 'ip'] as const;

/** /activity (route user-activity): the company's activity log, or the user's own when they may not read the company's users. */
export function ActivityPage() {
  const { t } = useTranslation('activity');
  const session = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const seesEveryone = session.role === 'tenant' && session.can('read-users-company');
  // Spec 6: the owner has no user activity (the API answers 403); say so instead of showing a failing list.
  const owner = session.role === 'owner';
  const [filters, setFilters] = useState<ActivityFilters>(EMPTY_FILTERS);
  const text = useDebounced(filters.text);
  const grid = useServerGrid();
  const list = useActivity(grid.query, { ...filters, text }, !owner);
  const users = useActivityUsers(seesEveryone);
  const filtered = Object.values(filters).some(Boolean);

  const change = (next: Partial<ActivityFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    grid.resetPage();
  };

  const columns = useMemo<GridColDef<TActivity>[]>(() => [
    { field: 'created_at', headerName: t('columns.when'), width: 160, valueFormatter: (v: string) => formatWhen(v) },
    {
      field: 'user', headerName: t('columns.who'), flex: 0.9, minWidth: 140, sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
          <Typography variant="body2" noWrap title={row.user?.email}>
            {row.user?.name ?? (row.user_id ? '—' : t('system'))}
          </Typography>
          {row.impersonator && (
            <Tooltip title={t('asAdminBy', { name: row.impersonator.name })}>
              <Chip size="small" variant="outlined" label={t('asAdmin')} />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    {
      field: 'action', headerName: t('columns.action'), width: 130,
      valueFormatter: (v: string) => t(`actions.${v}`, { defaultValue: v }),
    },
    {
      field: 'object_type', headerName: t('columns.object'), flex: 1.5, minWidth: 190,
      renderCell: ({ row }) => {
        const kind = t(`objects.${row.object_type}`, { defaultValue: row.object_type });
        const label = row.object_label || t('unnamed');
        // A deleted object has no screen left to open.
        const path = row.action === 'deleted' ? null : activityObjectPath(row.object_type, row.object_id);
        const object = (
          <Typography variant="body2" noWrap component="span" title={`${kind}: ${label}`}>
            {kind}:{' '}
            {path ? (
              <Link component={RouterLink} to={path}>
                {label}
              </Link>
            ) : (
              label
            )}
          </Typography>
        );
        if (!phone) return object;
        // The action column is hidden on phones: say it under the object.
        return (
          <Stack sx={{ justifyContent: 'center', height: '100%', minWidth: 0, lineHeight: 1.2 }}>
            {object}
            <Typography variant="caption" color="text.secondary" noWrap>
              {t(`actions.${row.action}`, { defaultValue: row.action })}
            </Typography>
          </Stack>
        );
      },
    },
    {
      field: 'changes', headerName: t('columns.changes'), flex: 1.6, minWidth: 200, sortable: false,
      renderCell: ({ row }) => {
        const lines = changeLines(row.changes);
        if (!lines.length) return <Typography variant="body2" color="text.secondary" component="span">—</Typography>;
        return (
          <Typography variant="body2" noWrap component="span" title={lines.join('\n')}>
            {lines.join('; ')}
          </Typography>
        );
      },
    },
    { field: 'ip', headerName: t('columns.ip'), width: 120, sortable: false, valueFormatter: (v: string | null) => v ?? '—' },
  ], [t, phone]);

  const selectOptions = (values: readonly string[], prefix: 'actions' | 'objects') => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  if (owner) {
    return (
      <ListPage title={t('title')} toolbar={null}>
        <EmptyState message={t('notForOwner')} />
      </ListPage>
    );
  }

  return (
    <ListPage
      title={t('title')}
      error={list.isError ? { message: `${t('loadError')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
      toolbar={
        <>
          <Typography color="text.secondary" sx={{ mt: -1.5, mb: 2 }}>
            {seesEveryone ? t('intro') : t('introOwn')}
          </Typography>
          <ListToolbar searchLabel={t('search')} search={filters.text} onSearchChange={(value) => change({ text: value })}>
            {seesEveryone && (
              <FilterSelect
                label={t('filters.user')}
                value={filters.userId}
                onChange={(userId) => change({ userId })}
                allLabel={t('filters.allUsers')}
                options={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
              />
            )}
            <FilterSelect
              label={t('filters.action')}
              value={filters.action}
              onChange={(action) => change({ action })}
              allLabel={t('filters.allActions')}
              options={selectOptions(ACTIVITY_ACTIONS, 'actions')}
            />
            <FilterSelect
              label={t('filters.objectType')}
              value={filters.objectType}
              onChange={(objectType) => change({ objectType })}
              allLabel={t('filters.allObjects')}
              options={selectOptions(ACTIVITY_OBJECT_TYPES, 'objects')}
            />
          </ListToolbar>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: -1, mb: 2, alignItems: { sm: 'center' } }}>
            <TextField
              type="date"
              size="small"
              label={t('filters.from')}
              value={filters.from}
              onChange={(e) => change({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
              sx={{ width: { xs: '100%', sm: 180 } }}
            />
            <TextField
              type="date"
              size="small"
              label={t('filters.to')}
              value={filters.to}
              onChange={(e) => change({ to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
              sx={{ width: { xs: '100%', sm: 180 } }}
            />
            {filtered && (
              <Button onClick={() => change(EMPTY_FILTERS)} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
                {t('filters.clear')}
              </Button>
            )}
          </Stack>
        </>
      }
    >
      <Box sx={{ minWidth: 0 }}>
        <ServerDataGrid
          rows={list.data?.data ?? []}
          columns={columns}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          grid={grid}
          emptyLabel={filtered ? t('empty') : t('emptyAll')}
          hideOnPhone={HIDDEN_ON_PHONE}
        />
      </Box>
    </ListPage>
  );
}

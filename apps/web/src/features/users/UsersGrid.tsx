import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import type { ServerGridState } from '../../shared/ui/data-grid';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import type { UserRow } from './api';
import { formatDate } from '../../shared/format/format';

export type UserAction = 'roles' | 'permissions' | 'toggle-disabled' | 'login-as';

interface UsersGridProps {
  rows: UserRow[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  /** Columns the caller does not want (the tenant list has no companies column). */
  without?: readonly string[];
  /** Row actions allowed for a row; none hides the actions column. */
  actionsFor?: (row: UserRow) => UserAction[];
  onAction?: (action: UserAction, row: UserRow) => void;
  emptyLabel: string;
}

const HIDDEN_ON_PHONE = ['roles', 'companies', 'created_at'] as const;
const NONE: readonly string[] = [];

export function UsersGrid({ rows, total, loading, grid, without = NONE, actionsFor, onAction, emptyLabel }: UsersGridProps) {
  const { t, i18n } = useTranslation('users');

  // Sorting is server-side: only columns the API can order by are sortable.
  const columns = useMemo<GridColDef<UserRow>[]>(() => {
    const icons: Record<UserAction, (row: UserRow) => ReactElement> = {
      roles: () => <BadgeOutlined />,
      permissions: () => <AdminPanelSettingsOutlined />,
      'toggle-disabled': (row) => (row.disabled ? <CheckCircleOutline /> : <BlockOutlined />),
      'login-as': () => <LoginOutlined />,
    };
    const label = (action: UserAction, row: UserRow) =>
      action === 'toggle-disabled' ? t(row.disabled ? 'actions.enable' : 'actions.disable') : t(`actions.${action}`);
    const cols: GridColDef<UserRow>[] = [
      {
        field: 'name', headerName: t('fields.user'), flex: 1.4, minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>{row.name}</Typography>
            <Typography variant="caption" color="text.secondary" noWrap>{row.email}</Typography>
          </Box>
        ),
      },
      {
        field: 'roles', headerName: t('fields.roles'), sortable: false, width: 170,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            {row.roles.map((role, index) => (
              <Chip key={role} size="small" variant={index === 0 ? 'filled' : 'outlined'} label={t(`roleNames.${role}`, { defaultValue: role })} />
            ))}
          </Stack>
        ),
      },
      {
        field: 'companies', headerName: t('fields.companies'), sortable: false, flex: 1, minWidth: 150,
        valueGetter: (_value, row) => (row.companies ?? []).map((c) => c.name).join(', '),
      },
      {
        field: 'disabled', headerName: t('fields.status'), sortable: false, width: 110,
        renderCell: ({ row }) => (
          <Chip size="small" color={row.disabled ? 'default' : 'success'} label={t(row.disabled ? 'status.disabled' : 'status.active')} />
        ),
      },
      {
        field: 'created_at', headerName: t('fields.createdAt'), width: 130,
        valueFormatter: (value: string) => formatDate(value, { language: i18n.language }),
      },
    ];
    if (actionsFor && onAction) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('fields.actions'), width: 80,
        getActions: ({ row }) =>
          actionsFor(row).map((action) => (
            <GridActionsCellItem key={action} icon={icons[action](row)} label={label(action, row)} onClick={() => onAction(action, row)} showInMenu />
          )),
      });
    }
    return cols.filter((c) => !without.includes(c.field));
  }, [t, i18n.language, actionsFor, onAction, without]);

  return (
    <ServerDataGrid
      rows={rows}
      columns={columns}
      total={total}
      loading={loading}
      grid={grid}
      emptyLabel={emptyLabel}
      hideOnPhone={HIDDEN_ON_PHONE}
      rowHeight={60}
    />
  );
}

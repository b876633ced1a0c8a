import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useSession } from '../../shared/session/useSession';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { ErrorState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useSaveSynset, useSynsets, type Sku, type SynsetBody } from './api';
import { SkuStatusChip } from './SkuStatusChip';
import { SynsetFormDialog } from './SynsetFormDialog';

const HIDDEN_ON_PHONE = ['name', 'status'] as const;

export function SynsetsPage() {
  const { t } = useTranslation('catalog');
  const session = useSession();
  const toast = useToast();
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = useSynsets(grid.query, search);
  const save = useSaveSynset();
  const [dialog, setDialog] = useState<{ synset: Sku | null } | null>(null);
  const canUpdate = session.can('update-product');

  const columns = useMemo<GridColDef<Sku>[]>(() => {
    const cols: GridColDef<Sku>[] = [
      { field: 'sku', headerName: t('fields.sku'), flex: 1, minWidth: 130 },
      { field: 'name', headerName: t('fields.name'), flex: 1.2, minWidth: 150 },
      {
        field: 'members', headerName: t('fields.members'), flex: 2, minWidth: 180, sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
            {(row.members ?? []).map((m) => (
              <Chip key={m.id || m.sku} size="small" label={m.sku} />
            ))}
          </Stack>
        ),
      },
      {
        field: 'status', headerName: t('fields.status'), width: 130, sortable: false,
        renderCell: ({ row }) => <SkuStatusChip status={row.status} />,
      },
    ];
    if (canUpdate) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: 90,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlined />} label={t('actions.edit')} onClick={() => setDialog({ synset: row })} />,
        ],
      });
    }
    return cols;
  }, [t, canUpdate]);

  const submit = async (body: SynsetBody) => {
    const editing = dialog?.synset ?? null;
    await save.mutateAsync({ id: editing?.id, body });
    toast.success(t(editing ? 'notices.synsetUpdated' : 'notices.synsetCreated', { sku: editing?.sku ?? body.sku }));
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {t('synsets.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('synsets.subtitle')}
      </Typography>
      <ListToolbar
        searchLabel={t('synsets.search')}
        search={text}
        onSearchChange={(value) => {
          setText(value);
          grid.resetPage();
        }}
        action={session.can('create-product') ? { label: t('actions.createSynset'), icon: <Add />, onClick: () => setDialog({ synset: null }) } : undefined}
      />
      {list.isError && (
        <ErrorState message={`${t('errors.loadSynsets')}: ${list.error.message}`} onRetry={() => void list.refetch()} sx={{ mb: 2 }} />
      )}
      <ServerDataGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={t('synsets.empty')}
        hideOnPhone={HIDDEN_ON_PHONE}
      />
      <SynsetFormDialog open={dialog !== null} synset={dialog?.synset ?? null} onClose={() => setDialog(null)} onSubmit={submit} />
    </Box>
  );
}

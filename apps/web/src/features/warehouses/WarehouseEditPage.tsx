import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useDeleteWarehouse, useSaveWarehouse, useTestConnection, useWarehouse } from './api';
import { WarehouseForm } from './WarehouseForm';
import { StatusChip } from './WarehousesGrid';

/** Owner: one warehouse's data and connection; test the connection, delete it. */
export function WarehouseEditPage() {
  const { t } = useTranslation('warehouses');
  const { warehouse: id } = useParams<{ warehouse: string }>();
  const navigate = useNavigate();
  const session = useSession();
  const toast = useToast();
  const warehouse = useWarehouse(id);
  const save = useSaveWarehouse();
  const remove = useDeleteWarehouse();
  const test = useTestConnection();
  const [confirming, setConfirming] = useState(false);

  if (warehouse.isPending) return <LoadingState />;
  if (warehouse.isError) {
    return <ErrorState message={`${t('errors.show')}: ${warehouse.error.message}`} onRetry={() => void warehouse.refetch()} />;
  }
  const data = warehouse.data;

  const testConnection = async () => {
    try {
      const check = await test.mutateAsync(data.id);
      if (check.ok) toast.success(t('notices.connectionOk', { message: check.message }));
      else toast.error(t('notices.connectionFailed', { message: check.message }));
    } catch (error) {
      toast.error(`${t('errors.test')}: ${errorText(error)}`);
    }
  };

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ flex: 1, minWidth: 0, alignItems: 'center' }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Typography>
          <StatusChip status={data.status} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={RouterLink} to={pathOf('warehouses-list')} startIcon={<ArrowBack />}>
            {t('actions.back')}
          </Button>
          <Button variant="outlined" startIcon={<NetworkCheck />} onClick={() => void testConnection()} loading={test.isPending}
            disabled={!data.connection.host}>
            {t('actions.testConnection')}
          </Button>
          {session.can('delete-warehouse') && (
            <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setConfirming(true)}>
              {t('actions.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <WarehouseForm
          // A saved answer (has_password may change) re-mounts the form with fresh defaults.
          key={data.updated_at}
          warehouse={data}
          submitLabel={t('actions.save')}
          failure={t('errors.update')}
          onSubmit={async (body) => {
            const saved = await save.mutateAsync({ id: data.id, body });
            toast.success(t('notices.updated', { name: saved.name }));
          }}
        />
      </Paper>
      <ConfirmDialog
        open={confirming}
        title={t('confirmDelete.title', { name: data.name })}
        message={t('confirmDelete.message')}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.delete')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await remove.mutateAsync(data.id);
          toast.success(t('notices.deleted', { name: data.name }));
          void navigate(pathOf('warehouses-list'));
        }}
      />
    </Box>
  );
}

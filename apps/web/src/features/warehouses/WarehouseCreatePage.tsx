import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Paper, Typography } from '@mui/material';
import { pathOf } from '../../shared/routing/routes-table';
import { useToast } from '../../shared/ui/toast';
import { useSaveWarehouse } from './api';
import { WarehouseForm } from './WarehouseForm';

export function WarehouseCreatePage() {
  const { t } = useTranslation('warehouses');
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveWarehouse();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('create.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <WarehouseForm
          warehouse={null}
          submitLabel={t('actions.createSubmit')}
          failure={t('errors.create')}
          onCancel={() => void navigate(pathOf('warehouses-list'))}
          onSubmit={async (body) => {
            const created = await save.mutateAsync({ body });
            toast.success(t('notices.created', { name: created.name }));
            void navigate(pathOf('warehouses-list'));
          }}
        />
      </Paper>
    </Box>
  );
}

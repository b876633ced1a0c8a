import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { useToast } from '../../shared/ui/toast';
import { useSaveOrder } from './api';
import { OrderForm } from './OrderForm';

/** /orders/create: a new order (or a draft); afterwards the order's own page, where an error code shows. */
export function OrderCreatePage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveOrder();

  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('form.createTitle')}
        </Typography>
        <Button component={RouterLink} to={pathOf('orders')} startIcon={<ArrowBack />} sx={{ flexShrink: 0 }}>
          {t('actions.backToOrders')}
        </Button>
      </Stack>
      <OrderForm
        order={null}
        onCancel={() => void navigate(pathOf('orders'))}
        onSubmit={async (body) => {
          const order = await save.mutateAsync({ body });
          if (order.status === 'error') toast.warning(t('notices.createdInError', { number: order.number }));
          else if (order.status === 'draft') toast.success(t('notices.draftSaved', { number: order.number }));
          else toast.success(t('notices.created', { number: order.number }));
          void navigate(pathOf('order-edit', { id: order.id }));
        }}
      />
    </Box>
  );
}

import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { usePurchaseOrder, useSavePurchaseOrder } from './api';
import { PoForm } from './PoForm';

/** /purchase-order/create, /po-create-v2 (the same screen) and /po-edit/:poId. */
export function PoFormPage() {
  const { poId } = useParams<{ poId: string }>();
  const { t } = useTranslation('purchaseOrders');
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePurchaseOrder();
  const existing = usePurchaseOrder(poId);
  const editing = Boolean(poId);
  const back = editing ? pathOf('purchase-order-show', { id: poId ?? '' }) : pathOf('purchase-orders');

  const header = (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2, gap: 1 }}>
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {editing ? t('form.editTitle', { number: existing.data?.number ?? '' }) : t('form.createTitle')}
      </Typography>
      <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
        {t(editing ? 'actions.back' : 'actions.backToList')}
      </Button>
    </Stack>
  );

  if (editing && existing.isPending) return <LoadingState />;
  if (editing && existing.isError) {
    const missing = isHttpError(existing.error, 404);
    return (
      <Box>
        {header}
        <ErrorState
          message={missing ? t('detail.notFound') : `${t('errors.loadOne')}: ${existing.error.message}`}
          onRetry={missing ? undefined : () => void existing.refetch()}
        />
      </Box>
    );
  }
  const po = editing ? (existing.data ?? null) : null;

  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      {header}
      {po && !po.allowed_actions.includes('edit') ? (
        <Alert severity="info">{t('form.notEditable', { status: t(`status.${po.status}`) })}</Alert>
      ) : (
        <PoForm
          key={po?.updated_at ?? 'new'}
          po={po}
          onCancel={() => void navigate(back)}
          onSubmit={async (body) => {
            const saved = await save.mutateAsync({ id: po?.id, body });
            toast.success(t(po ? 'notices.saved' : 'notices.created', { number: saved.number }));
            void navigate(pathOf('purchase-order-show', { id: saved.id }));
          }}
        />
      )}
    </Box>
  );
}

import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { customerName, useAllGroups, useCustomer, useDeleteCustomer, useSaveCustomer, type Customer } from './api';
import { useMissingText } from './CompletenessChip';
import { CustomerFormDialog } from './CustomerFormDialog';
import { AddressesSection, ContactsSection } from './CustomerParts';
import { CustomerOrders } from './CustomerOrders';

/** /customer/:id: the customer, its completeness, addresses, contacts and latest orders. */
export function CustomerShowPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('customers');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const customer = useCustomer(id);
  const groups = useAllGroups('customer', session.can('read-group'));
  const save = useSaveCustomer();
  const remove = useDeleteCustomer();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  const header = (title: string, actions?: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={pathOf('customers')} startIcon={<ArrowBack />}>
          {t('actions.back')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );

  if (customer.isPending) return <>{header(t('show.title'))}<LoadingState /></>;
  if (customer.isError) {
    return (
      <>
        {header(t('show.title'))}
        <ErrorState
          message={isHttpError(customer.error, 404) ? t('show.notFound') : `${t('errors.loadCustomer')}: ${customer.error.message}`}
          onRetry={isHttpError(customer.error, 404) ? undefined : () => void customer.refetch()}
        />
      </>
    );
  }

  const data = customer.data;
  const name = customerName(data);
  const canUpdate = session.can('update-organization');
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      {header(
        name,
        <>
          {canUpdate && (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => setDialog('edit')}>
              {t('actions.edit')}
            </Button>
          )}
          {session.can('delete-organization') && (
            <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDialog('delete')}>
              {t('actions.delete')}
            </Button>
          )}
        </>,
      )}
      <CompletenessBanner customer={data} />
      <CustomerDetails customer={data} />
      <AddressesSection customer={data} canUpdate={canUpdate} />
      <ContactsSection customer={data} canUpdate={canUpdate} />
      {session.can('read-order') && <CustomerOrders customerId={data.id} />}
      <CustomerFormDialog
        open={dialog === 'edit'}
        customer={data}
        groups={groups.data ?? []}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ id: data.id, body });
          toast.success(t('notices.customerUpdated', { name: customerName(saved) }));
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('delete.customerTitle')}
        message={t('delete.customerMessage', { name })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteCustomer')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          await remove.mutateAsync(data.id);
          toast.success(t('notices.customerDeleted', { name }));
          void navigate(pathOf('customers'));
        }}
      />
    </Box>
  );
}

/** Spec 5 / spec 8: what the default shipping address still lacks, in words. */
function CompletenessBanner({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const missingText = useMissingText();
  if (customer.complete) {
    return (
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        {t('completeness.bannerComplete')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="status">
      <AlertTitle>{t('completeness.bannerIncomplete', { fields: missingText(customer.missing) })}</AlertTitle>
      {t('completeness.bannerHint')}
    </Alert>
  );
}

export function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function CustomerDetails({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label={t('show.details')}>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Term label={t('fields.email')}>{customer.email || '—'}</Term>
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <Term label={t('fields.phone')}>{customer.phone || '—'}</Term>
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <Term label={t('fields.company')}>{customer.company || '—'}</Term>
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <Term label={t('fields.group')}>{customer.group?.name ?? '—'}</Term>
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <Term label={t('fields.orders')}>{customer.order_count}</Term>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Term label={t('fields.updated')}>{new Date(customer.updated_at).toLocaleString()}</Term>
        </Grid>
        {customer.notes && (
          <Grid size={12}>
            <Term label={t('fields.notes')}>
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {customer.notes}
              </Box>
            </Term>
          </Grid>
        )}
      </Grid>
    </Paper>
  );
}

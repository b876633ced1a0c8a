import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDeleteSupplier, useSaveSupplier, useSupplier, useSupplierGroups, type Supplier } from './api';
import { useMessageText } from './form-fields';
import { SupplierFormDialog } from './SupplierFormDialog';
import { AddressesSection, ContactsSection } from './SupplierParts';
import { SupplierSkusSection } from './SupplierSkusSection';

/** /supplier/:id: the supplier's terms, group, addresses, contacts and SKU costs. */
export function SupplierShowPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('suppliers');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const messageText = useMessageText();
  const supplier = useSupplier(id);
  const canReadGroups = session.can('read-group');
  const groups = useSupplierGroups(canReadGroups);
  const save = useSaveSupplier();
  const remove = useDeleteSupplier();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  const header = (title: string, actions?: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={pathOf('suppliers')} startIcon={<ArrowBack />}>
          {t('actions.back')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );

  if (supplier.isPending) return <>{header(t('show.title'))}<LoadingState /></>;
  if (supplier.isError) {
    return (
      <>
        {header(t('show.title'))}
        <ErrorState
          message={isHttpError(supplier.error, 404) ? t('show.notFound') : `${t('errors.loadSupplier')}: ${supplier.error.message}`}
          onRetry={isHttpError(supplier.error, 404) ? undefined : () => void supplier.refetch()}
        />
      </>
    );
  }

  const data = supplier.data;
  const canUpdate = session.can('update-supplier');
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      {header(
        data.name,
        <>
          {canUpdate && (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => setDialog('edit')}>
              {t('actions.edit')}
            </Button>
          )}
          {session.can('delete-supplier') && (
            <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDialog('delete')}>
              {t('actions.delete')}
            </Button>
          )}
        </>,
      )}
      <SupplierDetails supplier={data} />
      <AddressesSection supplier={data} canUpdate={canUpdate} />
      <ContactsSection supplier={data} canUpdate={canUpdate} />
      <SupplierSkusSection supplier={data} canUpdate={canUpdate} />
      <SupplierFormDialog
        open={dialog === 'edit'}
        supplier={data}
        groups={canReadGroups ? (groups.data ?? []) : undefined}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ id: data.id, body });
          toast.success(t('notices.supplierUpdated', { name: saved.name }));
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('delete.supplierTitle')}
        message={t('delete.supplierMessage', { name: data.name })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteSupplier')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(data.id);
          } catch (error) {
            // The 409 ("has purchase orders") is the server's English: show it in the user's language.
            throw new Error(messageText(errorText(error)) ?? errorText(error));
          }
          toast.success(t('notices.supplierDeleted', { name: data.name }));
          void navigate(pathOf('suppliers'));
        }}
      />
    </Box>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
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

function SupplierDetails({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation('suppliers');
  const website = supplier.website ? (/^https?:\/\//i.test(supplier.website) ? supplier.website : `https://${supplier.website}`) : null;
  const cells: [string, ReactNode][] = [
    [t('fields.email'), supplier.email ? <Link href={`mailto:${supplier.email}`}>{supplier.email}</Link> : '—'],
    [t('fields.phone'), supplier.phone || '—'],
    [t('fields.website'), website ? <Link href={website} target="_blank" rel="noopener noreferrer">{supplier.website}</Link> : '—'],
    [t('fields.paymentTerms'), supplier.payment_terms || '—'],
    [t('fields.minOrder'), supplier.min_order ? `${supplier.min_order} ${supplier.currency}` : '—'],
    [t('fields.leadTimeShort'), supplier.lead_time_days === null ? '—' : t('list.days', { count: supplier.lead_time_days })],
    [t('fields.currency'), supplier.currency],
    [t('fields.group'), supplier.group?.name ?? '—'],
    [t('fields.skuCount'), supplier.sku_count],
    [t('fields.openPos'), supplier.open_po_count],
    [t('fields.updated'), new Date(supplier.updated_at).toLocaleString()],
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label={t('show.details')}>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        {cells.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, md: 4 }}>
            <Term label={label}>{value}</Term>
          </Grid>
        ))}
        {supplier.notes && (
          <Grid size={12}>
            <Term label={t('fields.notes')}>
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {supplier.notes}
              </Box>
            </Term>
          </Grid>
        )}
      </Grid>
    </Paper>
  );
}

import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useSaveService, useService } from './api';
import { StatusChip } from './Lifecycle';
import { ServiceForm } from './ServiceForm';

function BackButton() {
  const { t } = useTranslation('services');
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(pathOf('service-list'))}>
      {t('services.back')}
    </Button>
  );
}

/** Owner: a new catalogue entry, ACTIVE from the start. */
export function ServiceCreatePage() {
  const { t } = useTranslation('services');
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveService();
  return (
    <Stack sx={{ maxWidth: 960 }}>
      <PageHeader title={t('services.createTitle')} actions={<BackButton />} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <ServiceForm
          service={null}
          submitLabel={t('services.createSubmit')}
          failure={t('services.errors.save')}
          onCancel={() => void navigate(pathOf('service-list'))}
          onSubmit={async (body) => {
            const made = await save.mutateAsync({ body });
            toast.success(t('services.created', { name: made.name }));
            void navigate(pathOf('service-list'));
          }}
        />
      </Paper>
    </Stack>
  );
}

/** Owner: name, category, description and logo of an entry (its key and status change elsewhere). */
export function ServiceEditPage() {
  const { t } = useTranslation('services');
  const { id } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const service = useService(id);
  const save = useSaveService();
  return (
    <Stack sx={{ maxWidth: 960 }}>
      <PageHeader
        title={t('services.editTitle')}
        subtitle={service.data?.name}
        actions={
          <>
            {service.data && <Stack sx={{ justifyContent: 'center' }}><StatusChip status={service.data.status} /></Stack>}
            <BackButton />
          </>
        }
      />
      {service.isPending ? (
        <LoadingState />
      ) : service.isError ? (
        <ErrorState message={`${t('services.errors.show')}: ${errorText(service.error)}`} onRetry={() => void service.refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <ServiceForm
            key={service.data.id}
            service={service.data}
            submitLabel={t('actions.save')}
            failure={t('services.errors.save')}
            onCancel={() => void navigate(pathOf('service-list'))}
            onSubmit={async ({ name, category, description, logo_url }) => {
              const saved = await save.mutateAsync({ id: service.data.id, body: { name, category, description, logo_url } });
              toast.success(t('services.saved', { name: saved.name }));
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}

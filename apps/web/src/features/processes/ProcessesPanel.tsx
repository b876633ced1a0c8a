import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useSession } from '../../shared/session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useProcesses } from './api';
import { CreateProcessDialog } from './CreateProcessDialog';
import { ProcessCard } from './ProcessCard';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /advanced → Inbound webhooks: the company's processes, the URLs channels post to, and what arrived. */
export function ProcessesPanel() {
  const { t } = useTranslation('processes');
  const { can } = useSession();
  const processes = useProcesses();
  const [creating, setCreating] = useState(false);

  return (
    <Stack spacing={2}>
      <PageHeader
        level="section"
        title={t('title')}
        subtitle={t('intro')}
        actions={
          can('create-process') && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('newProcess')}
            </Button>
          )
        }
      />
      {processes.isPending ? (
        <LoadingState label={t('loading')} />
      ) : processes.isError ? (
        <ErrorState message={`${t('loadFailed')}: ${errorText(processes.error)}`} onRetry={() => void processes.refetch()} />
      ) : processes.data.data.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <div>
          {processes.data.data.map((p) => (
            <ProcessCard key={p.id} process={p} />
          ))}
        </div>
      )}
      <CreateProcessDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

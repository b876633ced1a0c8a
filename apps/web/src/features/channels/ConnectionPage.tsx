import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Stack, Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { ChannelAction, ChannelProcessItem, ChannelTestResult, ProcessItemAction } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { ShownOnce } from '../../shared/ui/ShownOnce';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import {
  useCatalog, useChannelProcess, useDeleteChannelProcess, useProcessRuns, useProcessTransition, useRotateChannelSecret,
  useTestChannelProcess, type ChannelProcessWithSecret,
} from './api';
import { ActionPanel, type ShopLocation } from './ActionPanel';
import { Card, CredentialsCard, SettingsCard, WebhookUrlsCard } from './ConnectionCards';
import { EdiProfileCard } from './edi/EdiProfileCard';
import { DriverAvatar, formatDateTime, ProcessStatusChip, useDriverName } from './labels';
import { ProcessRuns } from './ProcessRuns';
import { EdiDocumentLog } from './edi/EdiDocumentLog';
import { MailboxFacts } from './edi/edi-labels';
import type { CreatedState } from './ShopifyCreatePage';

type TestOutcome = { ok: true; result: ChannelTestResult } | { ok: false; reason: string };

/** /connections/:id: one channel connection, its actions, credentials, settings, webhook URLs and runs. */
export function ConnectionPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('channels');
  const process = useChannelProcess(id);
  const [test, setTest] = useState<TestOutcome | null>(null);

  const back = (
    <Button component={RouterLink} to={pathOf('connections')} startIcon={<ArrowBack />} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'auto' } }}>
      {t('process.back')}
    </Button>
  );

  if (process.isPending) return <LoadingState label={t('process.loading')} />;
  if (process.isError) {
    const missing = isHttpError(process.error, 404);
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <ErrorState
          message={missing ? t('process.notFound') : `${t('process.loadFailed')}: ${errorText(process.error)}`}
          onRetry={missing ? undefined : () => void process.refetch()}
        />
      </Stack>
    );
  }

  const p = process.data;
  const allowed = new Set<ProcessItemAction>(p.allowed_actions);
  const locations: ShopLocation[] | null = test?.ok ? (test.result.locations ?? null) : null;

  return (
    <Box sx={{ minWidth: 0 }}>
      <ProcessHeader process={p} back={back} onTested={setTest} />
      {test && <TestResult outcome={test} onClose={() => setTest(null)} edi={p.driver === 'edi-x12'} />}
      {p.status === 'uninstalled' && (
        <Alert severity="warning" sx={{ mb: 2 }}>{t('process.uninstalledHint')}</Alert>
      )}
      {p.status === 'disabled' && (
        <Alert severity="info" sx={{ mb: 2 }}>{t('process.disabledHint')}</Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <ActionsCard process={p} canEdit={allowed.has('edit')} canRun={allowed.has('run')} locations={locations} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={2}>
            <CredentialsCard process={p} canEdit={allowed.has('edit')} />
            {p.driver === 'edi-x12' ? <EdiProfileCard process={p} /> : <SettingsCard process={p} canEdit={allowed.has('edit')} />}
            {/* An EDI partner trades through its mailbox: no webhooks come in. */}
            {p.driver !== 'edi-x12' && <WebhookUrlsCard process={p} />}
          </Stack>
        </Grid>
        {p.driver === 'edi-x12' && (
          <Grid size={12}>
            <EdiDocumentsCard processId={p.id} />
          </Grid>
        )}
        <Grid size={12}>
          <Card id="history-title" title={t('process.history')}>
            <ProcessRuns processId={p.id} />
          </Card>
        </Grid>
      </Grid>
      <CreatedSecretDialog />
    </Box>
  );
}

function ActionsCard({ process, canEdit, canRun, locations }: { process: ChannelProcessItem; canEdit: boolean; canRun: boolean; locations: ShopLocation[] | null }) {
  const { t } = useTranslation('channels');
  // The newest runs (the same query as the history card's first page) tell which actions are running now.
  const recent = useProcessRuns(process.id, { page: 1, perPage: 10 });
  const running = new Set<ChannelAction>(
    (recent.data?.data ?? []).filter((r) => r.status === 'PENDING' || r.status === 'RUNNING').map((r) => r.action),
  );
  return (
    <Card id="actions-title" title={t('process.actions')} subtitle={t('process.actionsIntro')}>
      {process.supported_actions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t('process.noActions')}</Typography>
      ) : (
        <Stack spacing={2}>
          {process.supported_actions.map((action) => (
            <ActionPanel
              key={action}
              processId={process.id}
              action={action}
              config={process.actions[action]}
              canEdit={canEdit}
              canRun={canRun}
              running={running.has(action)}
              locations={locations}
              driver={process.driver}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

type Confirming = 'uninstall' | 'delete' | 'rotate-secret' | null;

function ProcessHeader({ process, back, onTested }: { process: ChannelProcessItem; back: React.ReactNode; onTested(outcome: TestOutcome): void }) {
  const { t } = useTranslation('channels');
  const toast = useToast();
  const navigate = useNavigate();
  const catalog = useCatalog();
  const driverName = useDriverName(catalog.data)(process.driver);
  const transition = useProcessTransition(process.id);
  const remove = useDeleteChannelProcess(process.id);
  const rotate = useRotateChannelSecret(process.id);
  const testIt = useTestChannelProcess(process.id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [rotated, setRotated] = useState<ChannelProcessWithSecret | null>(null);
  const allowed = new Set(process.allowed_actions);

  const runTest = async () => {
    try {
      onTested({ ok: true, result: await testIt.mutateAsync() });
    } catch (error) {
      onTested({ ok: false, reason: errorText(error) });
    }
  };
  const move = async (action: 'disable' | 'enable') => {
    try {
      await transition.mutateAsync(action);
      toast.success(t(`process.moved.${action}`));
    } catch (error) {
      toast.error(errorText(error), t('process.actionFailed'));
    }
  };

  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <DriverAvatar driver={process.driver} catalog={catalog.data} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{process.name}</Typography>
              <ProcessStatusChip status={process.status} size="medium" />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {driverName} · {t('process.since', { date: formatDateTime(process.created_at) })}
              {process.recent_errors > 0 ? ` · ${t('connections.recentErrors', { count: process.recent_errors })}` : ''}
            </Typography>
          </Box>
        </Stack>
        {back}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label={t('process.buttons')}>
        {allowed.has('test') && (
          <Button variant="contained" onClick={() => void runTest()} loading={testIt.isPending}>{t('process.test')}</Button>
        )}
        {allowed.has('disable') && (
          <Button variant="outlined" onClick={() => void move('disable')} loading={transition.isPending && transition.variables === 'disable'}>{t('process.disable')}</Button>
        )}
        {allowed.has('enable') && (
          <Button variant="outlined" onClick={() => void move('enable')} loading={transition.isPending && transition.variables === 'enable'}>{t('process.enable')}</Button>
        )}
        {/* The webhook secret signs nothing for a mailbox partner. */}
        {allowed.has('rotate-secret') && process.driver !== 'edi-x12' && (
          <Button variant="outlined" onClick={() => setConfirming('rotate-secret')}>{t('process.rotate')}</Button>
        )}
        {allowed.has('uninstall') && (
          <Button variant="outlined" color="warning" onClick={() => setConfirming('uninstall')}>{t('process.uninstall')}</Button>
        )}
        {allowed.has('delete') && (
          <Button variant="outlined" color="error" onClick={() => setConfirming('delete')}>{t('process.delete')}</Button>
        )}
      </Stack>

      <ConfirmDialog
        open={confirming === 'uninstall'}
        title={t('process.uninstallTitle')}
        message={t('process.uninstallMessage', { name: process.name })}
        confirmLabel={t('process.uninstall')}
        destructive
        errorPrefix={t('process.actionFailed')}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          await transition.mutateAsync('uninstall');
          toast.success(t('process.moved.uninstall'));
        }}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t('process.deleteTitle')}
        message={t('process.deleteMessage', { name: process.name })}
        confirmLabel={t('process.delete')}
        destructive
        errorPrefix={t('process.deleteFailed')}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          await remove.mutateAsync();
          toast.success(t('process.deleted'));
          void navigate(pathOf('connections'), { replace: true });
        }}
      />
      <ConfirmDialog
        open={confirming === 'rotate-secret'}
        title={t('process.rotateTitle')}
        message={t('process.rotateMessage', { name: process.name })}
        confirmLabel={t('process.rotate')}
        errorPrefix={t('process.rotateFailed')}
        onClose={() => setConfirming(null)}
        onConfirm={async () => setRotated(await rotate.mutateAsync())}
      />
      <SecretDialog
        open={rotated !== null}
        title={t('process.newSecretTitle')}
        secret={rotated?.webhook_secret ?? ''}
        onClose={() => setRotated(null)}
      />
    </Stack>
  );
}

function EdiDocumentsCard({ processId }: { processId: string }) {
  const { t } = useTranslation('channelsEdi');
  return (
    <Card id="edi-documents-title" title={t('log.title')} subtitle={t('log.intro')}>
      <EdiDocumentLog processId={processId} />
    </Card>
  );
}

function TestResult({ outcome, onClose, edi }: { outcome: TestOutcome; onClose(): void; edi: boolean }) {
  const { t } = useTranslation('channels');
  const { t: te } = useTranslation('channelsEdi');
  if (!outcome.ok) {
    return (
      <Alert severity="error" onClose={onClose} sx={{ mb: 2 }} role="alert">
        <AlertTitle>{edi ? te('test.failed') : t('test.failed')}</AlertTitle>
        {outcome.reason}
      </Alert>
    );
  }
  const { shop, locations, mailbox } = outcome.result;
  return (
    <Alert severity="success" onClose={onClose} sx={{ mb: 2 }} role="status">
      <AlertTitle>{t('test.ok')}</AlertTitle>
      {shop && (
        <Typography variant="body2">
          {t('test.shop', { name: shop.name, domain: shop.domain })}
          {shop.plan ? ` · ${t('test.plan', { plan: shop.plan })}` : ''}
        </Typography>
      )}
      {locations && locations.length > 0 && (
        <Typography variant="body2">{t('test.locations', { names: locations.map((l) => l.name).join(', ') })}</Typography>
      )}
      {mailbox && <MailboxFacts mailbox={mailbox} />}
    </Alert>
  );
}

function SecretDialog({ open, title, secret, onClose }: { open: boolean; title: string; secret: string; onClose(): void }) {
  const { t } = useTranslation('channels');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="process-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="process-secret-title">{title}</DialogTitle>
      <DialogContent dividers>
        {open && <ShownOnce label={t('process.secret')} value={secret} warning={t('process.secretShownOnce')} />}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{t('process.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A connection made a moment ago arrives with its webhook secret in the navigation state: shown once. */
function CreatedSecretDialog() {
  const { t } = useTranslation('channels');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as Partial<CreatedState> | null;
  const secret = typeof state?.webhookSecret === 'string' ? state.webhookSecret : null;
  // Dropping the state on close keeps a reload or Back from showing it again.
  const close = () => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return <SecretDialog open={secret !== null} title={t('process.createdTitle')} secret={secret ?? ''} onClose={close} />;
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Paper, Stack, Switch, Table, TableBody, TableCell,
  TableContainer, TableHead, TableRow, Tooltip, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SendIcon from '@mui/icons-material/Send';
import HistoryIcon from '@mui/icons-material/History';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { WebhookView } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from './api';
import { DeliveriesDialog } from './DeliveriesDialog';
import { WebhookFormDialog } from './WebhookFormDialog';
import { ShownOnce } from '../../shared/ui/ShownOnce';
import { PageHeader } from '../../shared/ui/PageHeader';
import { formatDateTime } from '../../shared/format/format';

type Editing = { webhook: WebhookView | null } | null;

/** /advanced → Webhooks: where Omnio sends the company's events, their state, tests and delivery log. */
export function WebhooksPanel() {
  const { t, i18n } = useTranslation('webhooks');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { can } = useSession();
  const canWrite = can('update-company');
  const toast = useToast();
  const hooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const rotate = useRotateWebhookSecret();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [rotating, setRotating] = useState<WebhookView | null>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const [viewing, setViewing] = useState<WebhookView | null>(null);
  const when = (iso: string | null) => formatDateTime(iso, { language: i18n.language, placeholder: t('never') });

  const toggle = async (h: WebhookView) => {
    try {
      await update.mutateAsync({ id: h.id, body: { active: !h.active } });
      toast.success(h.active ? t('disabled') : t('enabled'));
    } catch (error) {
      toast.error(`${t('toggleFailed')}: ${errorText(error)}`);
    }
  };
  const sendTest = async (h: WebhookView) => {
    try {
      await test.mutateAsync(h.id);
      toast.success(t('testQueued'));
    } catch (error) {
      toast.error(`${t('testFailed')}: ${errorText(error)}`);
    }
  };

  const statusOf = (h: WebhookView) => (
    <Stack spacing={0.5} alignItems="flex-start">
      <Chip size="small" color={h.active ? 'success' : 'default'} label={t(`status.${h.status}`)} />
      {h.disabled_at && (
        <Typography variant="caption" color="text.secondary">
          {t('disabledSince', { when: when(h.disabled_at) })}
        </Typography>
      )}
    </Stack>
  );
  const failuresOf = (h: WebhookView) => (
    <Typography variant="body2" color={h.consecutive_failures > 0 ? 'error' : 'text.secondary'}>
      {h.consecutive_failures > 0 ? t('failuresInRow', { count: h.consecutive_failures }) : '0'}
    </Typography>
  );
  const actionsOf = (h: WebhookView) => (
    <Stack direction="row" spacing={0.5} alignItems="center" role="group" aria-label={t('rowActions', { address: h.address })} sx={{ flexWrap: 'wrap' }}>
      {canWrite && (
        <Tooltip title={h.active ? t('actions.disable') : t('actions.enable')}>
          <Switch checked={h.active} onChange={() => void toggle(h)} slotProps={{ input: { 'aria-label': t('enabledToggle', { address: h.address }) } }} />
        </Tooltip>
      )}
      {canWrite && (
        <Tooltip title={t('actions.test')}>
          <IconButton aria-label={`${t('actions.test')}: ${h.address}`} onClick={() => void sendTest(h)}>
            <SendIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('actions.deliveries')}>
        <IconButton aria-label={`${t('actions.deliveries')}: ${h.address}`} onClick={() => setViewing(h)}>
          <HistoryIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canWrite && (
        <>
          <Tooltip title={t('actions.edit')}>
            <IconButton aria-label={`${t('actions.edit')}: ${h.address}`} onClick={() => setEditing({ webhook: h })}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('actions.rotate')}>
            <IconButton aria-label={`${t('actions.rotate')}: ${h.address}`} onClick={() => setRotating(h)}>
              <KeyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('actions.delete')}>
            <IconButton aria-label={`${t('actions.delete')}: ${h.address}`} color="error" onClick={() => setDeleting(h)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Stack>
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        level="section"
        title={t('title')}
        subtitle={t('intro')}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ webhook: null })}>
              {t('add')}
            </Button>
          )
        }
      />

      {hooks.isPending ? (
        <LoadingState label={t('loading')} />
      ) : hooks.isError ? (
        <ErrorState message={`${t('loadFailed')}: ${errorText(hooks.error)}`} onRetry={() => void hooks.refetch()} />
      ) : hooks.data.data.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : phone ? (
        <Stack spacing={1.5} component="ul" aria-label={t('title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {hooks.data.data.map((h) => (
            <Paper key={h.id} variant="outlined" component="li" sx={{ p: 2 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{h.address}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', mb: 1 }}>
                {h.topic}
              </Typography>
              <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
                {statusOf(h)}
                {failuresOf(h)}
              </Stack>
              {actionsOf(h)}
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.address')}</TableCell>
                <TableCell>{t('columns.topic')}</TableCell>
                <TableCell>{t('columns.status')}</TableCell>
                <TableCell>{t('columns.failures')}</TableCell>
                <TableCell>{t('columns.lastDelivery')}</TableCell>
                <TableCell>{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {hooks.data.data.map((h) => (
                <TableRow key={h.id} hover>
                  <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                    {h.address}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('secret.hint', { hint: h.secret_hint })}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{h.topic}</TableCell>
                  <TableCell>{statusOf(h)}</TableCell>
                  <TableCell>{failuresOf(h)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(h.last_delivery_at)}</TableCell>
                  <TableCell>{actionsOf(h)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {editing && <WebhookFormDialog webhook={editing.webhook} onClose={() => setEditing(null)} />}
      {viewing && <DeliveriesDialog webhook={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { address: deleting?.address ?? '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('deleteFailed')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!.id);
          toast.success(t('deleted'));
        }}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t('rotateTitle')}
        message={t('rotateMessage')}
        confirmLabel={t('actions.rotate')}
        errorPrefix={t('rotateFailed')}
        onClose={() => setRotating(null)}
        onConfirm={async () => {
          const rotated = await rotate.mutateAsync(rotating!.id);
          setNewSecret(rotated.secret ?? null);
        }}
      />
      <Dialog open={newSecret !== null} onClose={() => setNewSecret(null)} fullWidth maxWidth="sm" aria-labelledby="webhook-secret-title">
        <DialogTitle id="webhook-secret-title">{t('secret.title')}</DialogTitle>
        <DialogContent dividers>{newSecret && <ShownOnce label={t('secret.label')} value={newSecret} warning={t('secret.warning')} />}</DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setNewSecret(null)}>
            {t('secret.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

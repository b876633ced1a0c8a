import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Accordion, AccordionDetails, AccordionSummary, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { INBOUND_WEBHOOK_KINDS } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { ShownOnce } from '../../shared/ui/ShownOnce';
import { useDeleteProcess, useRotateSecret, useUpdateProcess, type ProcessItem, type ProcessWithSecret } from './api';
import { ReceivedWebhooks } from './ReceivedWebhooks';

/** One process: its webhook URLs to give the channel, its secret (rotate), status, and what it received. */
export function ProcessCard({ process }: { process: ProcessItem }) {
  const { t } = useTranslation('processes');
  const { can } = useSession();
  const toast = useToast();
  const [expanded, setExpanded] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [rotated, setRotated] = useState<ProcessWithSecret | null>(null);
  const rotate = useRotateSecret();
  const update = useUpdateProcess();
  const remove = useDeleteProcess();
  const canUpdate = can('update-process');

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('copied'));
    } catch {
      toast.info(url);
    }
  };
  const toggleStatus = () =>
    update.mutate(
      { id: process.id, body: { status: process.status === 'active' ? 'disabled' : 'active' } },
      { onError: (err) => toast.error(errorText(err), t('updateFailed')) },
    );

  return (
    <Accordion expanded={expanded} onChange={(_e, open) => setExpanded(open)} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`process-${process.id}-details`} id={`process-${process.id}-summary`}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500 }}>{process.name}</Typography>
          <Chip size="small" label={t(`drivers.${process.driver}`)} />
          <Chip size="small" color={process.status === 'active' ? 'success' : 'default'} label={t(`processStatuses.${process.status}`)} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`process-${process.id}-details`}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('urls')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('urlsHint')}
            </Typography>
            <Stack spacing={0.5}>
              {INBOUND_WEBHOOK_KINDS.map((kind) => (
                <Stack key={kind} direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
                  <Tooltip title={t('copyUrl', { kind })}>
                    <IconButton size="small" onClick={() => void copy(process.webhook_urls[kind])} aria-label={t('copyUrl', { kind })}>
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {kind}
                    </Typography>
                    {/* The whole URL is what the copy button copies; here it only has to be recognisable. */}
                    <Typography variant="caption" color="text.secondary" noWrap component="div" title={process.webhook_urls[kind]} sx={{ fontFamily: 'monospace' }}>
                      {process.webhook_urls[kind]}
                    </Typography>
                  </Box>
                </Stack>
              ))}
            </Stack>
          </Box>
          {(canUpdate || can('delete-process')) && (
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              {canUpdate && (
                <Button variant="outlined" onClick={() => setConfirm('rotate')}>
                  {t('rotate')}
                </Button>
              )}
              {canUpdate && (
                <Button variant="outlined" onClick={toggleStatus} loading={update.isPending}>
                  {process.status === 'active' ? t('disable') : t('enable')}
                </Button>
              )}
              {can('delete-process') && (
                <Button variant="outlined" color="error" onClick={() => setConfirm('delete')}>
                  {t('delete')}
                </Button>
              )}
            </Stack>
          )}
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('received')}
            </Typography>
            {expanded && <ReceivedWebhooks processId={process.id} canReplay={canUpdate} />}
          </Box>
        </Stack>
      </AccordionDetails>

      <ConfirmDialog
        open={confirm === 'rotate'}
        title={t('rotateTitle')}
        message={t('rotateMessage', { name: process.name })}
        confirmLabel={t('rotate')}
        errorPrefix={t('rotateFailed')}
        onClose={() => setConfirm(null)}
        onConfirm={async () => setRotated(await rotate.mutateAsync(process.id))}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: process.name })}
        confirmLabel={t('delete')}
        destructive
        errorPrefix={t('deleteFailed')}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          await remove.mutateAsync(process.id);
          toast.success(t('deleted'));
        }}
      />
      <Dialog open={rotated !== null} onClose={() => setRotated(null)} aria-labelledby={`process-${process.id}-secret`} fullWidth maxWidth="sm">
        <DialogTitle id={`process-${process.id}-secret`}>{t('newSecretTitle')}</DialogTitle>
        <DialogContent dividers>{rotated && <ShownOnce label={t('secret')} value={rotated.webhook_secret} warning={t('secretShownOnce')} />}</DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setRotated(null)}>
            {t('done')}
          </Button>
        </DialogActions>
      </Dialog>
    </Accordion>
  );
}

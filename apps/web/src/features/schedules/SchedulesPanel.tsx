import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, IconButton, Paper, Switch, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { ScheduleDto } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDeleteSchedule, useSaveSchedule, useSchedulableKinds, useSchedules } from './api';
import { ScheduleDialog } from './ScheduleDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import { formatDateTime } from '../../shared/format/format';

// The Actions header stays for screen readers but takes no room on a phone.
const visuallyHiddenOnPhone = {
  position: { xs: 'absolute', sm: 'static' }, width: { xs: '1px', sm: 'auto' }, height: { xs: '1px', sm: 'auto' }, overflow: { xs: 'hidden', sm: 'visible' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
} as const;

/** /advanced → Schedules: the company's cron schedules (spec 9 presets or custom expressions). */
export function SchedulesPanel() {
  const { t, i18n } = useTranslation('schedules');
  const session = useSession();
  const toast = useToast();
  const schedules = useSchedules();
  const kinds = useSchedulableKinds();
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<ScheduleDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ScheduleDto | null>(null);
  const canEdit = session.can('update-users-company');
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { language: i18n.language }) : null);
  const taskLabel = (kind: string) => kinds.data?.find((k) => k.kind === kind)?.label ?? kind;
  const repeat = (s: ScheduleDto) => (s.preset ? t(`presets.${s.preset}`) : t('custom', { cron: s.cron }));

  const toggle = async (s: ScheduleDto, active: boolean) => {
    try {
      await save.mutateAsync({ id: s.id, body: { active } });
    } catch (error) {
      toast.error(`${t('errors.toggle')}: ${errorText(error)}`);
    }
  };

  return (
    <Box component="section" aria-labelledby="schedules-title" sx={{ minWidth: 0 }}>
      <Box sx={{ mb: 2 }}>
        <PageHeader
          level="section"
          titleId="schedules-title"
          title={t('title')}
          subtitle={t('subtitle')}
          actions={
            canEdit && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {t('add')}
              </Button>
            )
          }
        />
      </Box>
      {!canEdit && <Alert severity="info" sx={{ mb: 2 }}>{t('readOnly')}</Alert>}
      {schedules.isPending ? (
        <LoadingState />
      ) : schedules.isError ? (
        <ErrorState message={`${t('errors.load')}: ${schedules.error.message}`} onRetry={() => void schedules.refetch()} />
      ) : schedules.data.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState message={t('empty')} action={canEdit ? <Button onClick={() => setEditing('new')}>{t('add')}</Button> : undefined} />
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="schedules-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('columns.when')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('columns.task')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('columns.next')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('columns.last')}</TableCell>
                <TableCell>{t('columns.active')}</TableCell>
                {canEdit && (
                  <TableCell align="right" sx={{ px: { xs: 0.5, sm: 2 } }}>
                    <Box component="span" sx={visuallyHiddenOnPhone}>
                      {t('columns.actions')}
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {schedules.data.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {s.name}
                    </Typography>
                    {/* On a phone the When column folds in under the name. */}
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { sm: 'none' } }}>
                      {repeat(s)} · {s.timezone}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {repeat(s)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {s.timezone}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{taskLabel(s.job_kind)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{s.active ? when(s.next_run_at) : t('paused')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{when(s.last_run_at) ?? t('never')}</TableCell>
                  <TableCell sx={{ px: { xs: 0.5, sm: 2 } }}>
                    <Switch
                      checked={s.active}
                      disabled={!canEdit}
                      onChange={(e) => void toggle(s, e.target.checked)}
                      slotProps={{ input: { 'aria-label': t('activeNamed', { name: s.name }) } }}
                    />
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } }}>
                      <Tooltip title={t('edit')}>
                        <IconButton aria-label={t('editNamed', { name: s.name })} onClick={() => setEditing(s)}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('delete')}>
                        <IconButton aria-label={t('deleteNamed', { name: s.name })} onClick={() => setDeleting(s)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <ScheduleDialog
          schedule={editing === 'new' ? null : editing}
          kinds={kinds.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        destructive
        errorPrefix={t('errors.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!.id);
          toast.success(t('deleted'));
        }}
      />
    </Box>
  );
}

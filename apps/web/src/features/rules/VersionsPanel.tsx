import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Table, TableBody, TableCell, TableHead, TableRow,
  useMediaQuery, useTheme,
} from '@mui/material';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useRollbackRule, useRuleVersion, useRuleVersions } from './api';
import { actionLabel } from './flow-model';
import { formatDateTime } from '../../shared/format/format';

interface VersionsPanelProps {
  flowId: string;
  canWrite: boolean;
  onRolledBack(): void;
}

/** Every saved version; one can be viewed (its nodes) or made current again as a new version. */
export function VersionsPanel({ flowId, canWrite, onRolledBack }: VersionsPanelProps) {
  const { t, i18n } = useTranslation('rules');
  const toast = useToast();
  const versions = useRuleVersions(flowId);
  const rollback = useRollbackRule();
  const [viewing, setViewing] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);

  if (versions.isPending) return <LoadingState minHeight={120} />;
  if (versions.isError) return <ErrorState message={`${t('errors.versions')}: ${errorText(versions.error)}`} onRetry={() => void versions.refetch()} />;
  if (versions.data.length === 0) return <EmptyState message={t('versions.empty')} />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('tabs.versions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('versions.version')}</TableCell>
            <TableCell>{t('versions.when')}</TableCell>
            <TableCell>{t('versions.by')}</TableCell>
            <TableCell>{t('versions.note')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.data.map((v) => (
            <TableRow key={v.version}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {v.version}
                {v.current && <Chip size="small" color="primary" label={t('versions.current')} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.created_at, { language: i18n.language })}</TableCell>
              <TableCell>{v.created_by?.name ?? t('versions.someone')}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{v.note ?? ''}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                <Button size="small" onClick={() => setViewing(v.version)} aria-label={t('versions.viewVersion', { version: v.version })}>{t('versions.view')}</Button>
                {canWrite && !v.current && <Button size="small" onClick={() => setTarget(v.version)}>{t('versions.rollback')}</Button>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {viewing !== null && <VersionDialog flowId={flowId} version={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={target !== null} title={t('versions.rollbackTitle', { version: target })} message={t('versions.rollbackMessage', { version: target })}
        confirmLabel={t('versions.rollback')} errorPrefix={t('errors.rollback')} onClose={() => setTarget(null)}
        onConfirm={async () => {
          if (target === null) return;
          await rollback.mutateAsync({ id: flowId, version: target });
          toast.success(t('versions.rolledBack', { version: target }));
          onRolledBack();
        }}
      />
    </Box>
  );
}

/** One version's nodes, read-only. */
function VersionDialog({ flowId, version, onClose }: { flowId: string; version: number; onClose(): void }) {
  const { t, i18n } = useTranslation('rules');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const detail = useRuleVersion(flowId, version);
  const nameOf = (id: string) => detail.data?.nodes.find((n) => n.id === id)?.name ?? id;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="rule-version-title">
      <DialogTitle id="rule-version-title">{t('versions.nodesOf', { version })}</DialogTitle>
      <DialogContent dividers>
        {detail.isPending ? (
          <LoadingState minHeight={120} />
        ) : detail.isError ? (
          <ErrorState message={`${t('errors.versions')}: ${errorText(detail.error)}`} onRetry={() => void detail.refetch()} />
        ) : (
          <List dense>
            {detail.data.nodes.map((n) => (
              <ListItem key={n.id} divider sx={{ gap: 1 }}>
                <Chip size="small" label={t(`types.${n.type}`)} sx={{ minWidth: 80 }} />
                <ListItemText
                  primary={n.name}
                  secondary={[
                    n.action_type ? actionLabel(n.action_type, i18n.language) : '',
                    n.type === 'condition'
                      ? [n.next[0] && `${t('node.yes')} → ${nameOf(n.next[0])}`, n.next[1] && `${t('node.no')} → ${nameOf(n.next[1])}`].filter(Boolean).join(' · ')
                      : n.next[0] ? `→ ${nameOf(n.next[0])}` : '',
                  ].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose} variant="contained">{t('versions.close')}</Button></DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box, Button, Chip, IconButton, Paper, Stack, Switch, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { CodeSnippetView } from '@omnio/domain';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useSession } from '../../shared/session/useSession';
import { useCodeSnippets, useDeleteCodeSnippet, useSaveCodeSnippet } from './api';
import { CodeSnippetDialog } from './CodeSnippetDialog';

/** One line of the body, so a long script does not stretch the table. */
const firstLine = (body: string) => {
  const line = body.split('\n').find((l) => l.trim()) ?? '';
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
};

/** The owner's code snippets: every signed-in page loads the enabled ones, in order. */
export function CodeSnippetsPanel() {
  const { t } = useTranslation('platformSettings');
  const toast = useToast();
  const { can } = useSession();
  const writable = can('update-user');
  const query = useCodeSnippets();
  const save = useSaveCodeSnippet();
  const remove = useDeleteCodeSnippet();
  const [editing, setEditing] = useState<CodeSnippetView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CodeSnippetView | null>(null);
  const rows = query.data?.data ?? [];
  const nextSort = rows.reduce((max, s) => Math.max(max, s.sort + 1), 0);

  const toggle = async (s: CodeSnippetView, on: boolean) => {
    try {
      await save.mutateAsync({ id: s.id, body: { name: s.name, type: s.type, body: s.body, enabled: on, sort: s.sort } });
      toast.success(on ? t('snippets.enabled') : t('snippets.disabled'));
    } catch (error) {
      toast.error(`${t('snippets.toggleFailed')}: ${errorText(error)}`);
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        level="section"
        title={t('snippets.title')}
        subtitle={t('snippets.intro')}
        actions={writable && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('snippets.add')}
          </Button>
        )}
      />
      {query.isPending ? (
        <LoadingState label={t('snippets.loading')} />
      ) : query.isError ? (
        <ErrorState message={`${t('snippets.loadFailed')}: ${errorText(query.error)}`} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState message={t('snippets.empty')} />
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('snippets.title')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('snippets.columns.sort')}</TableCell>
                <TableCell>{t('snippets.columns.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('snippets.columns.type')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('snippets.columns.body')}</TableCell>
                <TableCell>{t('snippets.columns.enabled')}</TableCell>
                {writable && <TableCell align="right">{t('snippets.columns.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{s.sort}</TableCell>
                  <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{s.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <Chip size="small" variant="outlined" label={t(`snippets.types.${s.type}`)} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 360 }}>
                    <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                      {firstLine(s.body)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={s.enabled}
                      disabled={!writable || save.isPending}
                      onChange={(_e, on) => void toggle(s, on)}
                      slotProps={{ input: { 'aria-label': t('snippets.enabledToggle', { name: s.name }) } }}
                    />
                  </TableCell>
                  {writable && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('snippets.edit', { name: s.name })}>
                        <IconButton aria-label={t('snippets.edit', { name: s.name })} onClick={() => setEditing(s)}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('snippets.delete', { name: s.name })}>
                        <IconButton aria-label={t('snippets.delete', { name: s.name })} onClick={() => setDeleting(s)}>
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
      {editing && <CodeSnippetDialog snippet={editing === 'new' ? null : editing} nextSort={nextSort} onClose={() => setEditing(null)} />}
      <Box>
        <ConfirmDialog
          open={deleting !== null}
          title={t('snippets.deleteTitle')}
          message={t('snippets.deleteMessage', { name: deleting?.name ?? '' })}
          confirmLabel={t('snippets.deleteConfirm')}
          destructive
          errorPrefix={t('snippets.deleteFailed')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove.mutateAsync(deleting!.id);
            toast.success(t('snippets.deleted'));
          }}
        />
      </Box>
    </Stack>
  );
}

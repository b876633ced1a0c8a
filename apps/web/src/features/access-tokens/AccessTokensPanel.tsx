import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { AccessTokenItem } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useAccessTokens, useRevokeAccessToken } from './api';
import { CreateTokenDialog } from './CreateTokenDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import { formatDateTime } from '../../shared/format/format';

/** /advanced → Access tokens: the user's API tokens for this company; the token itself is shown only once. */
export function AccessTokensPanel() {
  const { t, i18n } = useTranslation('accessTokens');
  const { can } = useSession();
  const toast = useToast();
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessTokenItem | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const date = (iso: string | null) => formatDateTime(iso, { language: i18n.language, placeholder: t('never') });
  const scopeLabel = (scope: string) => {
    const [resource, level] = scope.split('.');
    return `${t(`resources.${resource}`)}: ${t(`levels.${level}`)}`;
  };
  const scopeChips = (token: AccessTokenItem) => (
    <Stack direction="row" flexWrap="wrap" gap={0.5}>
      {token.scopes.map((s) => (
        <Chip key={s} size="small" label={scopeLabel(s)} />
      ))}
    </Stack>
  );
  const statusOf = (token: AccessTokenItem) =>
    token.revoked_at ? (
      <Chip size="small" label={t('revokedOn', { date: date(token.revoked_at) })} />
    ) : can('delete-access-token') ? (
      <Button color="error" size="small" onClick={() => setRevoking(token)} aria-label={t('revokeNamed', { name: token.name })}>
        {t('revoke')}
      </Button>
    ) : (
      <Chip size="small" color="success" label={t('active')} />
    );

  return (
    <Stack spacing={2}>
      <PageHeader
        level="section"
        title={t('title')}
        subtitle={t('intro')}
        actions={
          can('create-access-token') && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('newToken')}
            </Button>
          )
        }
      />

      {tokens.isPending ? (
        <LoadingState label={t('loading')} />
      ) : tokens.isError ? (
        <ErrorState message={`${t('loadFailed')}: ${errorText(tokens.error)}`} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.data.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : phone ? (
        // A phone gets one card per token: a six-column table would hide the Revoke button off screen.
        <Stack component="ul" aria-label={t('title')} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {tokens.data.data.map((token) => (
            <Paper component="li" key={token.id} variant="outlined" sx={{ p: 1.5, opacity: token.revoked_at ? 0.6 : 1 }}>
              <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                <Typography sx={{ fontWeight: 500, minWidth: 0 }} noWrap>
                  {token.name}
                </Typography>
                {statusOf(token)}
              </Stack>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', my: 0.5 }}>
                {token.token_hint}…
              </Typography>
              {scopeChips(token)}
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {t('created')}: {date(token.created_at)} · {t('lastUsed')}: {date(token.last_used_at)}
              </Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('title')} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('name')}</TableCell>
                <TableCell>{t('token')}</TableCell>
                <TableCell>{t('scopes')}</TableCell>
                <TableCell>{t('created')}</TableCell>
                <TableCell>{t('lastUsed')}</TableCell>
                <TableCell align="right">{t('status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tokens.data.data.map((token) => (
                <TableRow key={token.id} sx={token.revoked_at ? { opacity: 0.6 } : undefined}>
                  <TableCell sx={{ fontWeight: 500 }}>{token.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{token.token_hint}…</TableCell>
                  <TableCell>{scopeChips(token)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(token.created_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(token.last_used_at)}</TableCell>
                  <TableCell align="right">{statusOf(token)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revokeTitle')}
        message={t('revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('revoke')}
        destructive
        errorPrefix={t('revokeFailed')}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          await revoke.mutateAsync(revoking!.id);
          toast.success(t('revoked'));
        }}
      />
    </Stack>
  );
}

import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { isHttpError } from '../api/http';
import { pathOf } from '../routing/routes-table';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Term } from '../ui/Term';
import { errorText, useMessageTextWith } from '../ui/form-helpers';
import { ErrorState, LoadingState } from '../ui/StateViews';
import { useToast } from '../ui/toast';
import { partyKeys, type Party, type PartyKind } from './party';

/** The frame of a party's page (/customer/:id, /supplier/:id) and the delete confirmation both party screens use. */

interface PartyDeleteDialogProps {
  kind: PartyKind;
  /** The party to delete; null keeps the dialog closed. */
  party: { id: string; name: string } | null;
  remove(id: string): Promise<unknown>;
  onClose(): void;
  /** After the toast, e.g. leaving the deleted party's page. */
  onDeleted?(): void;
}

/** "Delete X?": the server's refusal (a 409, in English) stays in the dialog in the user's language. */
export function PartyDeleteDialog({ kind, party, remove, onClose, onDeleted }: PartyDeleteDialogProps) {
  const { t } = useTranslation(kind.ns);
  const toast = useToast();
  const messageText = useMessageTextWith(kind.messagesEs);
  const keys = partyKeys(kind);
  return (
    <ConfirmDialog
      open={party !== null}
      title={t(keys.deleteTitle)}
      message={t(keys.deleteMessage, { name: party?.name ?? '' })}
      confirmLabel={t('actions.delete')}
      destructive
      errorPrefix={t(keys.deleteError)}
      onClose={onClose}
      onConfirm={async () => {
        if (!party) return;
        try {
          await remove(party.id);
        } catch (error) {
          throw new Error(messageText(errorText(error)) ?? errorText(error));
        }
        toast.success(t(keys.deleted, { name: party.name }));
        onDeleted?.();
      }}
    />
  );
}

interface PartyShowFrameProps<T extends Party> {
  kind: PartyKind;
  query: UseQueryResult<T>;
  nameOf(party: T): string;
  canUpdate: boolean;
  canDelete: boolean;
  remove(id: string): Promise<unknown>;
  /** The party's edit dialog (its own form), open while `open`. */
  editDialog(props: { open: boolean; party: T; onClose(): void }): ReactNode;
  /** The page under its header: details, addresses, contacts, what else the party has. */
  children(party: T): ReactNode;
}

/** Header with Back, Edit and Delete; loading and not-found states; the edit and delete dialogs. */
export function PartyShowFrame<T extends Party>({ kind, query, nameOf, canUpdate, canDelete, remove, editDialog, children }: PartyShowFrameProps<T>) {
  const { t } = useTranslation(kind.ns);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const listPath = pathOf(kind.resource);

  const header = (title: string, actions?: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={listPath} startIcon={<ArrowBack />}>
          {t('actions.back')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );

  if (query.isPending) return <>{header(t('show.title'))}<LoadingState /></>;
  if (query.isError) {
    const missing = isHttpError(query.error, 404);
    return (
      <>
        {header(t('show.title'))}
        <ErrorState
          message={missing ? t('show.notFound') : `${t(partyKeys(kind).loadOne)}: ${query.error.message}`}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
      </>
    );
  }

  const data = query.data;
  const name = nameOf(data);
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      {header(
        name,
        <>
          {canUpdate && (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => setDialog('edit')}>
              {t('actions.edit')}
            </Button>
          )}
          {canDelete && (
            <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDialog('delete')}>
              {t('actions.delete')}
            </Button>
          )}
        </>,
      )}
      {children(data)}
      {editDialog({ open: dialog === 'edit', party: data, onClose: () => setDialog(null) })}
      <PartyDeleteDialog
        kind={kind}
        party={dialog === 'delete' ? { id: data.id, name } : null}
        remove={remove}
        onClose={() => setDialog(null)}
        onDeleted={() => void navigate(listPath)}
      />
    </Box>
  );
}

export type DetailCell = [label: string, value: ReactNode, size?: { xs: number; sm?: number; md: number }];

/** A party's details: a region of terms three to a row on wide screens, then the notes in full. */
export function PartyDetails({ kind, cells, notes }: { kind: PartyKind; cells: DetailCell[]; notes: string | null }) {
  const { t } = useTranslation(kind.ns);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label={t('show.details')}>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        {cells.map(([label, value, size]) => (
          <Grid key={label} size={size ?? { xs: 6, md: 4 }}>
            <Term label={label}>{value}</Term>
          </Grid>
        ))}
        {notes && (
          <Grid size={12}>
            <Term label={t('fields.notes')}>
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {notes}
              </Box>
            </Term>
          </Grid>
        )}
      </Grid>
    </Paper>
  );
}

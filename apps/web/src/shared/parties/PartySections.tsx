import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Chip, Grid, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/StateViews';
import { useToast } from '../ui/toast';
import { usePartyParts, type Party, type PartyAddress, type PartyContact, type PartyKind } from './party';
import { AddressFormDialog, ContactFormDialog } from './PartDialogs';

/** A party page's addresses and contacts: cards with edit and delete, and an add button. */

type Dialog<T> = { kind: 'form'; item: T | null } | { kind: 'delete'; item: T } | null;

/** A section's h2 with its action (an add button) at the end of the line. */
export function SectionHeader({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', mt: 3, mb: 1.5, gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2" id={id} sx={{ flex: 1 }}>
        {title}
      </Typography>
      {action}
    </Stack>
  );
}

/** One address as it is written on a parcel (or, for a firm, a label: company first). */
export function addressLines(a: PartyAddress, companyFirst = false): string[] {
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  const place = [a.city, a.state, a.zip].filter(Boolean).join(', ');
  const who = companyFirst ? [a.company, name] : [name, a.company];
  return [...who, a.address1, a.address2, place, a.country, a.phone].filter((l): l is string => Boolean(l));
}

/** Edit and delete icon buttons, named for what they act on. */
function RowActions({ editLabel, deleteLabel, onEdit, onDelete, sx }: { editLabel: string; deleteLabel: string; onEdit(): void; onDelete(): void; sx: object }) {
  return (
    <Stack direction="row" sx={sx}>
      <Tooltip title={editLabel}>
        <IconButton size="small" aria-label={editLabel} onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={deleteLabel}>
        <IconButton size="small" aria-label={deleteLabel} onClick={onDelete}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

interface SectionProps {
  kind: PartyKind;
  party: Party;
  canUpdate: boolean;
}

/** The section's frame: header with the add button, the empty state or the cards. */
function PartSection({ kind, id, title, add, empty, onAdd, canUpdate, children }: {
  kind: PartyKind; id: string; title: string; add: string; empty: string | null; onAdd(): void; canUpdate: boolean; children: ReactNode;
}) {
  const { t } = useTranslation(kind.ns);
  return (
    <>
      <SectionHeader id={id} title={t(title)} action={canUpdate && <Button startIcon={<Add />} onClick={onAdd}>{t(add)}</Button>} />
      {empty ? (
        <Paper variant="outlined">
          <EmptyState message={t(empty)} />
        </Paper>
      ) : (
        children
      )}
    </>
  );
}

export function AddressesSection({ kind, party, canUpdate }: SectionProps) {
  const { t } = useTranslation(kind.ns);
  const toast = useToast();
  const { saveAddress: save, deleteAddress: remove } = usePartyParts(kind, party.id);
  const [dialog, setDialog] = useState<Dialog<PartyAddress>>(null);
  const addresses = party.addresses;
  const lines = (a: PartyAddress) => addressLines(a, kind.companyFirst);
  const label = (a: PartyAddress) => lines(a).slice(0, 3).join(', ') || t('show.addressN', { n: addresses.indexOf(a) + 1 });
  const id = `${kind.noun}-addresses`;
  return (
    <section aria-labelledby={id}>
      <PartSection kind={kind} id={id} title="show.addresses" add="actions.addAddress" empty={addresses.length === 0 ? 'show.noAddresses' : null}
        onAdd={() => setDialog({ kind: 'form', item: null })} canUpdate={canUpdate}>
        <Grid container spacing={2}>
          {addresses.map((a, i) => (
            <Grid key={a.id} size={{ xs: 12, md: 6 }}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%' }} aria-label={t('show.addressN', { n: i + 1 })} component="article">
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                  <Chip size="small" variant="outlined" label={t(`kinds.${a.kind}`)} />
                  {a.is_default && <Chip size="small" color="primary" label={t('show.default')} />}
                  {canUpdate && (
                    <RowActions sx={{ ml: 'auto' }} editLabel={t('actions.editAddress', { n: i + 1 })} deleteLabel={t('actions.deleteAddress', { n: i + 1 })}
                      onEdit={() => setDialog({ kind: 'form', item: a })} onDelete={() => setDialog({ kind: 'delete', item: a })} />
                  )}
                </Stack>
                <Typography component="address" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
                  {lines(a).map((line, n) => (
                    <span key={n}>
                      {line}
                      <br />
                    </span>
                  ))}
                </Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </PartSection>
      <AddressFormDialog
        kind={kind}
        open={dialog?.kind === 'form'}
        address={dialog?.kind === 'form' ? dialog.item : null}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          await save.mutateAsync({ id: dialog?.kind === 'form' ? dialog.item?.id : undefined, body });
          toast.success(t('notices.addressSaved'));
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('delete.addressTitle')}
        message={t('delete.addressMessage', { name: dialog?.kind === 'delete' ? label(dialog.item) : '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteAddress')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove.mutateAsync(dialog.item.id);
          toast.success(t('notices.addressDeleted'));
        }}
      />
    </section>
  );
}

export function ContactsSection({ kind, party, canUpdate }: SectionProps) {
  const { t } = useTranslation(kind.ns);
  const toast = useToast();
  const { saveContact: save, deleteContact: remove } = usePartyParts(kind, party.id);
  const [dialog, setDialog] = useState<Dialog<PartyContact>>(null);
  const id = `${kind.noun}-contacts`;
  return (
    <section aria-labelledby={id}>
      <PartSection kind={kind} id={id} title="show.contacts" add="actions.addContact" empty={party.contacts.length === 0 ? 'show.noContacts' : null}
        onAdd={() => setDialog({ kind: 'form', item: null })} canUpdate={canUpdate}>
        <Stack spacing={1}>
          {party.contacts.map((c) => (
            <Paper key={c.id} variant="outlined" sx={{ p: 1.5, pl: 2 }} component="article" aria-label={c.name}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flex: 1, minWidth: 0, gap: { xs: 0.5, sm: 2 }, alignItems: { sm: 'center' } }}>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0, flex: { sm: '0 0 35%' } }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.name}</Typography>
                    {c.role && <Chip size="small" variant="outlined" label={c.role} />}
                  </Stack>
                  <Typography color="text.secondary" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {[c.email, c.phone].filter(Boolean).join(' · ') || '—'}
                  </Typography>
                </Stack>
                {canUpdate && (
                  <RowActions sx={{ flexShrink: 0 }} editLabel={t('actions.editContact', { name: c.name })} deleteLabel={t('actions.deleteContact', { name: c.name })}
                    onEdit={() => setDialog({ kind: 'form', item: c })} onDelete={() => setDialog({ kind: 'delete', item: c })} />
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      </PartSection>
      <ContactFormDialog
        kind={kind}
        open={dialog?.kind === 'form'}
        contact={dialog?.kind === 'form' ? dialog.item : null}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ id: dialog?.kind === 'form' ? dialog.item?.id : undefined, body });
          toast.success(t('notices.contactSaved', { name: saved.name }));
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('delete.contactTitle')}
        message={t('delete.contactMessage', { name: dialog?.kind === 'delete' ? dialog.item.name : '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteContact')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove.mutateAsync(dialog.item.id);
          toast.success(t('notices.contactDeleted', { name: dialog.item.name }));
        }}
      />
    </section>
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Chip, Grid, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useDeleteAddress, useDeleteContact, useSaveAddress, useSaveContact, type Supplier, type SupplierAddress, type SupplierContact } from './api';
import { AddressFormDialog, ContactFormDialog } from './PartFormDialogs';

/** The supplier page's addresses and contacts: cards with edit and delete, and an add button. */

type Dialog<T> = { kind: 'form'; item: T | null } | { kind: 'delete'; item: T } | null;

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

/** One address as it is written on a label. */
export function addressLines(a: SupplierAddress): string[] {
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  const place = [a.city, a.state, a.zip].filter(Boolean).join(', ');
  return [a.company, name, a.address1, a.address2, place, a.country, a.phone].filter((l): l is string => Boolean(l));
}

export function AddressesSection({ supplier, canUpdate }: { supplier: Supplier; canUpdate: boolean }) {
  const { t } = useTranslation('suppliers');
  const toast = useToast();
  const save = useSaveAddress(supplier.id);
  const remove = useDeleteAddress(supplier.id);
  const [dialog, setDialog] = useState<Dialog<SupplierAddress>>(null);
  const addresses = supplier.addresses;
  const label = (a: SupplierAddress) => addressLines(a).slice(0, 3).join(', ') || t('show.addressN', { n: addresses.indexOf(a) + 1 });
  return (
    <section aria-labelledby="supplier-addresses">
      <SectionHeader
        id="supplier-addresses"
        title={t('show.addresses')}
        action={canUpdate && (
          <Button startIcon={<Add />} onClick={() => setDialog({ kind: 'form', item: null })}>
            {t('actions.addAddress')}
          </Button>
        )}
      />
      {addresses.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState message={t('show.noAddresses')} />
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {addresses.map((a, i) => (
            <Grid key={a.id} size={{ xs: 12, md: 6 }}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%' }} aria-label={t('show.addressN', { n: i + 1 })} component="article">
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                  <Chip size="small" variant="outlined" label={t(`kinds.${a.kind}`)} />
                  {a.is_default && <Chip size="small" color="primary" label={t('show.default')} />}
                  {canUpdate && (
                    <Stack direction="row" sx={{ ml: 'auto' }}>
                      <Tooltip title={t('actions.editAddress', { n: i + 1 })}>
                        <IconButton size="small" aria-label={t('actions.editAddress', { n: i + 1 })} onClick={() => setDialog({ kind: 'form', item: a })}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('actions.deleteAddress', { n: i + 1 })}>
                        <IconButton size="small" aria-label={t('actions.deleteAddress', { n: i + 1 })} onClick={() => setDialog({ kind: 'delete', item: a })}>
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  )}
                </Stack>
                <Typography component="address" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
                  {addressLines(a).map((line, n) => (
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
      )}
      <AddressFormDialog
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

export function ContactsSection({ supplier, canUpdate }: { supplier: Supplier; canUpdate: boolean }) {
  const { t } = useTranslation('suppliers');
  const toast = useToast();
  const save = useSaveContact(supplier.id);
  const remove = useDeleteContact(supplier.id);
  const [dialog, setDialog] = useState<Dialog<SupplierContact>>(null);
  return (
    <section aria-labelledby="supplier-contacts">
      <SectionHeader
        id="supplier-contacts"
        title={t('show.contacts')}
        action={canUpdate && (
          <Button startIcon={<Add />} onClick={() => setDialog({ kind: 'form', item: null })}>
            {t('actions.addContact')}
          </Button>
        )}
      />
      {supplier.contacts.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState message={t('show.noContacts')} />
        </Paper>
      ) : (
        <Stack spacing={1}>
          {supplier.contacts.map((c) => (
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
                  <Stack direction="row" sx={{ flexShrink: 0 }}>
                    <Tooltip title={t('actions.editContact', { name: c.name })}>
                      <IconButton size="small" aria-label={t('actions.editContact', { name: c.name })} onClick={() => setDialog({ kind: 'form', item: c })}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('actions.deleteContact', { name: c.name })}>
                      <IconButton size="small" aria-label={t('actions.deleteContact', { name: c.name })} onClick={() => setDialog({ kind: 'delete', item: c })}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ContactFormDialog
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

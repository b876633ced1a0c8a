import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link } from '@mui/material';
import { PartyDetails, PartyShowFrame } from '../../shared/parties/PartyShow';
import { AddressesSection, ContactsSection } from '../../shared/parties/PartySections';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/ui/toast';
import { useDeleteSupplier, useSaveSupplier, useSupplier, useSupplierGroups, type Supplier } from './api';
import { SUPPLIER_PARTY } from './party';
import { SupplierFormDialog } from './SupplierFormDialog';
import { SupplierSkusSection } from './SupplierSkusSection';
import { formatDateTime } from '../../shared/format/format';

/** /supplier/:id: the supplier's terms, group, addresses, contacts and SKU costs. */
export function SupplierShowPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('suppliers');
  const session = useSession();
  const toast = useToast();
  const supplier = useSupplier(id);
  const canReadGroups = session.can('read-group');
  const groups = useSupplierGroups(canReadGroups);
  const save = useSaveSupplier();
  const remove = useDeleteSupplier();
  const canUpdate = session.can('update-supplier');
  return (
    <PartyShowFrame<Supplier>
      kind={SUPPLIER_PARTY}
      query={supplier}
      nameOf={(s) => s.name}
      canUpdate={canUpdate}
      canDelete={session.can('delete-supplier')}
      remove={(supplierId) => remove.mutateAsync(supplierId)}
      editDialog={({ open, party, onClose }) => (
        <SupplierFormDialog
          open={open}
          supplier={party}
          groups={canReadGroups ? (groups.data ?? []) : undefined}
          onClose={onClose}
          onSubmit={async (body) => {
            const saved = await save.mutateAsync({ id: party.id, body });
            toast.success(t('notices.supplierUpdated', { name: saved.name }));
          }}
        />
      )}
    >
      {(data) => (
        <>
          <SupplierDetails supplier={data} />
          <AddressesSection kind={SUPPLIER_PARTY} party={data} canUpdate={canUpdate} />
          <ContactsSection kind={SUPPLIER_PARTY} party={data} canUpdate={canUpdate} />
          <SupplierSkusSection supplier={data} canUpdate={canUpdate} />
        </>
      )}
    </PartyShowFrame>
  );
}

function SupplierDetails({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation('suppliers');
  const website = supplier.website ? (/^https?:\/\//i.test(supplier.website) ? supplier.website : `https://${supplier.website}`) : null;
  const cells: [string, ReactNode][] = [
    [t('fields.email'), supplier.email ? <Link href={`mailto:${supplier.email}`}>{supplier.email}</Link> : '—'],
    [t('fields.phone'), supplier.phone || '—'],
    [t('fields.website'), website ? <Link href={website} target="_blank" rel="noopener noreferrer">{supplier.website}</Link> : '—'],
    [t('fields.paymentTerms'), supplier.payment_terms || '—'],
    [t('fields.minOrder'), supplier.min_order ? `${supplier.min_order} ${supplier.currency}` : '—'],
    [t('fields.leadTimeShort'), supplier.lead_time_days === null ? '—' : t('list.days', { count: supplier.lead_time_days })],
    [t('fields.currency'), supplier.currency],
    [t('fields.group'), supplier.group?.name ?? '—'],
    [t('fields.skuCount'), supplier.sku_count],
    [t('fields.openPos'), supplier.open_po_count],
    [t('fields.updated'), formatDateTime(supplier.updated_at)],
  ];
  return <PartyDetails kind={SUPPLIER_PARTY} cells={cells} notes={supplier.notes} />;
}

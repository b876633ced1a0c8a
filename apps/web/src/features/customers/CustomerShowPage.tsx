import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle } from '@mui/material';
import { PartyDetails, PartyShowFrame } from '../../shared/parties/PartyShow';
import { AddressesSection, ContactsSection } from '../../shared/parties/PartySections';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/ui/toast';
import { customerName, useAllGroups, useCustomer, useDeleteCustomer, useSaveCustomer, type Customer } from './api';
import { useMissingText } from './CompletenessChip';
import { CustomerFormDialog } from './CustomerFormDialog';
import { CustomerOrders } from './CustomerOrders';
import { CUSTOMER_PARTY } from './party';
import { formatDateTime } from '../../shared/format/format';

/** /customer/:id: the customer, its completeness, addresses, contacts and latest orders. */
export function CustomerShowPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('customers');
  const session = useSession();
  const toast = useToast();
  const customer = useCustomer(id);
  const groups = useAllGroups('customer', session.can('read-group'));
  const save = useSaveCustomer();
  const remove = useDeleteCustomer();
  const canUpdate = session.can('update-organization');
  return (
    <PartyShowFrame<Customer>
      kind={CUSTOMER_PARTY}
      query={customer}
      nameOf={customerName}
      canUpdate={canUpdate}
      canDelete={session.can('delete-organization')}
      remove={(customerId) => remove.mutateAsync(customerId)}
      editDialog={({ open, party, onClose }) => (
        <CustomerFormDialog
          open={open}
          customer={party}
          groups={groups.data ?? []}
          onClose={onClose}
          onSubmit={async (body) => {
            const saved = await save.mutateAsync({ id: party.id, body });
            toast.success(t('notices.customerUpdated', { name: customerName(saved) }));
          }}
        />
      )}
    >
      {(data) => (
        <>
          <CompletenessBanner customer={data} />
          <PartyDetails
            kind={CUSTOMER_PARTY}
            notes={data.notes}
            cells={[
              [t('fields.email'), data.email || '—', { xs: 12, sm: 6, md: 4 }],
              [t('fields.phone'), data.phone || '—'],
              [t('fields.company'), data.company || '—'],
              [t('fields.group'), data.group?.name ?? '—'],
              [t('fields.orders'), data.order_count],
              [t('fields.updated'), formatDateTime(data.updated_at), { xs: 12, sm: 6, md: 4 }],
            ]}
          />
          <AddressesSection kind={CUSTOMER_PARTY} party={data} canUpdate={canUpdate} />
          <ContactsSection kind={CUSTOMER_PARTY} party={data} canUpdate={canUpdate} />
          {session.can('read-order') && <CustomerOrders customerId={data.id} />}
        </>
      )}
    </PartyShowFrame>
  );
}

/** Spec 5 / spec 8: what the default shipping address still lacks, in words. */
function CompletenessBanner({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const missingText = useMissingText();
  if (customer.complete) {
    return (
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        {t('completeness.bannerComplete')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="status">
      <AlertTitle>{t('completeness.bannerIncomplete', { fields: missingText(customer.missing) })}</AlertTitle>
      {t('completeness.bannerHint')}
    </Alert>
  );
}

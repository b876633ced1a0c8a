import { LOADED_SUBSCRIPTION, type SubscriptionState } from '../../shared/routing/guard';
import { useSession } from '../../shared/session/useSession';
import { useSubscription } from './api';

const LOADING: SubscriptionState = { loaded: false, present: false };

/**
 * What the spec 2 guard and the unsubscribed banner need to know: has the subscription of the signed-in
 * company loaded, and is there one. Only a tenant user with a company (and allowed to read billing) has one to
 * wait for; everyone else is LOADED and present so nothing waits or nags. A failed load also counts as
 * present: the guard must not spin forever, and the server still refuses work without a subscription (402).
 */
export function useSubscriptionState(): SubscriptionState {
  const { user, role, company, can } = useSession();
  const watched = user !== null && role === 'tenant' && company !== null && can('read-billing');
  const query = useSubscription(company?.id ?? null, watched);
  if (!watched) return LOADED_SUBSCRIPTION;
  if (query.isPending) return LOADING;
  if (query.isError) return LOADED_SUBSCRIPTION;
  return { loaded: true, present: query.data !== null };
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_EVENT_SEVERITY, SUBSCRIPTION_EVENT_TYPES, SUBSCRIPTION_REALTIME_EVENT, type SubscriptionEventType } from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { useRealtimeEvent } from '../../shared/realtime/realtime';
import { toast } from '../../shared/ui/toast';
import { BILLING_KEY } from './api';

function eventOf(data: unknown): { type: SubscriptionEventType; message: string | null } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, message } = data as { type?: unknown; message?: unknown };
  if (!(SUBSCRIPTION_EVENT_TYPES as readonly unknown[]).includes(type)) return null;
  return { type: type as SubscriptionEventType, message: typeof message === 'string' && message ? message : null };
}

/**
 * Spec 4 and 8: a subscription event (Omnio.Tenant.{companyId}, `subscription-event`) shows a toast with the
 * server's message at the type's severity and reloads everything billing, so the guard, the banner and
 * /billing follow a change made in another tab or confirmed by the provider's webhook.
 */
export function SubscriptionEvents() {
  const client = useQueryClient();
  const { t } = useTranslation('billing');
  useRealtimeEvent(SUBSCRIPTION_REALTIME_EVENT, (data) => {
    const event = eventOf(data);
    if (!event) return;
    toast.show(event.message ?? t(`events.${event.type}`), SUBSCRIPTION_EVENT_SEVERITY[event.type]);
    void client.invalidateQueries({ queryKey: BILLING_KEY });
  });
  return null;
}

export const NO_SUBSCRIPTION_PATH = '/billing?rp=true';

export function isNoSubscription(error: unknown): boolean {
  return isHttpError(error, 402) && error.bodyField('code') === 'NO_ACTIVE_SUBSCRIPTION';
}

/**
 * Spec 8: 'No active subscription' (402 NO_ACTIVE_SUBSCRIPTION) from any query or mutation sends the user to
 * billing with rp=true. Watching the query and mutation caches covers every screen without touching each one;
 * the subscription is reloaded too, since the server has just said it is gone.
 */
export function NoSubscriptionRedirect() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isNoSubscription(error)) return;
      void client.invalidateQueries({ queryKey: [...BILLING_KEY, 'subscription'] });
      void navigate(NO_SUBSCRIPTION_PATH);
    };
    const offQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [client, navigate]);
  return null;
}

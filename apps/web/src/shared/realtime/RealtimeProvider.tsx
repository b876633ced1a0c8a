import { useEffect, type ReactNode } from 'react';
import { tenantChannelName, userChannelName } from '@omnio/domain';
import { useSession } from '../session/useSession';
import { hasAccessToken } from '../session/storage';
import { connectRealtime, disconnectRealtime } from './connection';

/**
 * Spec 7: while someone is signed in, keeps the socket open on their user channel and their company's
 * channel; screens listen with useRealtimeEvent. Signed out: no connection at all.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user, role } = useSession();
  const userId = user?.id ?? null;
  // A supplier user gets no company channel (the server refuses it: it carries tenant-wide events).
  const companyId = role === 'supplier' ? null : (user?.company?.id ?? null);

  useEffect(() => {
    if (!userId || !hasAccessToken()) return undefined;
    connectRealtime([userChannelName(userId), ...(companyId ? [tenantChannelName(companyId)] : [])]);
    return () => disconnectRealtime();
  }, [userId, companyId]);

  return children;
}

import { useSyncExternalStore } from 'react';
import { onRealtimeStatus, realtimeStatus, type RealtimeStatus } from './connection';

/** The connection state (none, loading, connected) for any screen that wants to show it. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(onRealtimeStatus, realtimeStatus, realtimeStatus);
}

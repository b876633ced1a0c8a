import { useEffect, useRef } from 'react';

/**
 * Spec 7: events whose names end in -event are dispatched by name. The socket connection (RealtimeProvider)
 * feeds dispatchRealtime; screens subscribe with useRealtimeEvent.
 */
type Handler = (data: unknown) => void;
const listeners = new Map<string, Set<Handler>>();

export function dispatchRealtime(event: string, data: unknown): void {
  for (const handler of listeners.get(event) ?? []) handler(data);
}

export function subscribeRealtime(event: string, handler: Handler): () => void {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  set.add(handler);
  return () => void set.delete(handler);
}

/** Calls handler (the latest one rendered) whenever the named event arrives. */
export function useRealtimeEvent(event: string, handler: Handler): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribeRealtime(event, (data) => ref.current(data)), [event]);
}

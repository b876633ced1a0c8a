import { useEffect } from 'react';

/** Spec 4/9: 30 minutes without mouse, key or touch activity signs the user out. */
export const IDLE_TIMEOUT_MS = 1_800_000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

export function useIdleLogout(active: boolean, onIdle: () => void, timeoutMs: number = IDLE_TIMEOUT_MS): void {
  useEffect(() => {
    if (!active) return undefined;
    let timer = window.setTimeout(onIdle, timeoutMs);
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, timeoutMs);
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, reset);
    };
  }, [active, onIdle, timeoutMs]);
}

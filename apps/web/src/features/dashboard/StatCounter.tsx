import { useEffect, useRef } from 'react';

const DURATION_MS = 700;

function reducedMotion(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A figure that counts up to its value when it appears or changes (spec 9 stats counter), shown at once when the
 * reader prefers reduced motion. The text is written by the animation, not by React, so React never races it;
 * the last frame always writes the exact formatted value.
 */
export function StatCounter({ value, format }: { value: number; format: (n: number) => string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const shown = useRef(0);
  const formatRef = useRef(format);
  formatRef.current = format;
  const finalText = format(value);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const start = shown.current;
    const end = value;
    if (reducedMotion() || start === end || typeof requestAnimationFrame !== 'function') {
      el.textContent = finalText;
      shown.current = end;
      return;
    }
    let frame = 0;
    let t0: number | null = null;
    const step = (now: number) => {
      t0 ??= now;
      const p = Math.min(1, (now - t0) / DURATION_MS);
      const eased = 1 - (1 - p) ** 3;
      const current = start + (end - start) * eased;
      shown.current = current;
      el.textContent = p < 1 ? formatRef.current(current) : finalText;
      if (p < 1) frame = requestAnimationFrame(step);
      else shown.current = end;
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      el.textContent = finalText;
      shown.current = end;
    };
  }, [value, finalText]);

  return <span ref={ref} style={{ fontVariantNumeric: 'tabular-nums' }} />;
}

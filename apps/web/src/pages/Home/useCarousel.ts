/**
 * The featured carousel's clock: the slide index, moving on every `intervalMs` unless paused (hover, focus, the
 * pause button, or a visitor who prefers reduced motion). A manual move restarts the interval, so a slide the
 * visitor chose stays its full time.
 */
import { useCallback, useEffect, useState } from 'react';

export const CAROUSEL_INTERVAL_MS = 4000;

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function useCarousel(count: number, intervalMs = CAROUSEL_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  /** Paused by hover or focus (resumes when they leave). */
  const [held, setHeld] = useState(false);
  /** Stopped by the visitor (the pause button) or by a reduced-motion preference. */
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const playing = !held && !stopped && count > 1;

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [playing, index, count, intervalMs]);

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);
  return {
    index: count === 0 ? 0 : Math.min(index, count - 1),
    playing,
    stopped,
    go,
    prev: () => go(index - 1),
    next: () => go(index + 1),
    hold: setHeld,
    toggle: () => setStopped((s) => !s),
  };
}

/**
 * The keyboard contract of every modal surface (dialogs and drawers): focus moves in on open, Tab and Shift+Tab
 * cycle inside, Esc closes, and focus goes back to where it was on close. Also marks the body `has-modal`.
 */
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Whether a focusable element can take focus now (not hidden, not inside a closed <details>). */
function canFocus(el: HTMLElement): boolean {
  if (el.closest('[hidden]')) return false;
  for (let d = el.parentElement?.closest('details'); d; d = d.parentElement?.closest('details')) {
    if (!d.open && !(el.tagName === 'SUMMARY' && el.parentElement === d)) return false;
  }
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : true;
}

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(canFocus);
}

export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape?: () => void) {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = ref.current;
    if (node) {
      const first = node.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(node)[0] ?? node;
      first.focus();
    }
    document.body.classList.add('has-modal');
    return () => {
      // Effects clean up after React removed this surface, so any aria-modal left belongs to another one.
      if (!document.querySelector('[aria-modal="true"]')) document.body.classList.remove('has-modal');
      // Back to the opener, if it is still there (a menu item hidden meanwhile cannot take focus).
      if (previous?.isConnected && canFocus(previous)) previous.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per open: the ref is stable
  }, []);

  return function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && onEscapeRef.current) {
      e.stopPropagation();
      onEscapeRef.current();
      return;
    }
    const root = ref.current;
    if (e.key !== 'Tab' || !root) return;
    const items = focusableIn(root);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === root || !root.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !root.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };
}

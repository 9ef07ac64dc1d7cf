import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface MenuProps {
  /** The trigger's content. */
  label: ReactNode;
  /** Accessible name of the trigger when its content is an icon. */
  ariaLabel?: string;
  triggerClassName?: string;
  testId?: string;
  align?: 'left' | 'right';
  children: (close: () => void) => ReactNode;
}

/**
 * A disclosure dropdown that opens on hover, on focus/click and with the keyboard (Enter, Space, ArrowDown); Esc closes and
 * returns focus to the trigger. Items are ordinary links and buttons, reachable with Tab or the arrow keys.
 */
export function Menu({
  label,
  ariaLabel,
  triggerClassName = 'nav-trigger',
  testId,
  align = 'left',
  children,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  /**
   * Set when hover or keyboard focus opened the menu: the click (or Enter) that follows must not close it again.
   * A ref, so it is read synchronously even before the hover render commits.
   */
  const openedPassively = useRef(false);
  /**
   * Closes the menu. When focus was on an item (which is about to be hidden), it goes back to the trigger first,
   * so a popup the item opens returns focus there, not to <body>.
   */
  const close = () => {
    // The trigger's onFocus sees the menu open, so this focus does not reopen it.
    if (root.current?.contains(document.activeElement) && document.activeElement !== trigger.current)
      trigger.current?.focus();
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('.menu-panel a, .menu-panel button') ?? [])];

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      // The target is decided from the element focused at the keypress; the panel may only be shown on the next frame.
      // If focus moved meanwhile (a second key, a click, a script), that move wins: the frame does not move it again.
      const from = document.activeElement;
      const down = e.key === 'ArrowDown';
      requestAnimationFrame(() => {
        if (document.activeElement !== from) return;
        const list = items();
        const i = list.indexOf(from as HTMLElement);
        const next =
          i === -1 ? (down ? 0 : list.length - 1) : down ? (i + 1) % list.length : (i - 1 + list.length) % list.length;
        list[next]?.focus();
      });
    }
  }

  return (
    <div
      ref={root}
      className={`menu ${open ? 'menu-open' : ''}`}
      onMouseEnter={() => {
        if (!open) openedPassively.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedPassively.current = false;
        setOpen(false);
      }}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        data-testid={testId}
        onFocus={(e) => {
          // Keyboard focus (not a mouse click) opens the menu, as hover does.
          if (!open && e.currentTarget.matches(':focus-visible')) {
            openedPassively.current = true;
            setOpen(true);
          }
        }}
        onClick={() => {
          if (openedPassively.current) {
            openedPassively.current = false;
            setOpen(true);
          } else setOpen((o) => !o);
        }}
      >
        {label}
      </button>
      <div id={id} className={`menu-panel menu-${align}`} hidden={!open}>
        {children(close)}
      </div>
    </div>
  );
}

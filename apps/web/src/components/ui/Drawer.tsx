import { type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './focus-trap';
import { useInertPage } from './useInertPage';

export interface DrawerProps {
  /** Accessible name of the drawer. */
  label: string;
  side?: 'left' | 'right';
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}

/**
 * A side drawer (wallet panel, phone sidebar): modal like a dialog, so it holds keyboard focus (Tab cycles
 * inside), Esc and a click on the backdrop close it, and focus returns to the opener. Mount it only while open.
 * Portalled to <body>: the sticky header's backdrop-filter would otherwise clip a fixed drawer.
 */
export function Drawer({ label, side = 'right', onClose, testId, children }: DrawerProps) {
  const ref = useRef<HTMLDivElement>(null);
  useInertPage();
  const onKeyDown = useFocusTrap(ref, onClose);
  return createPortal(
    <>
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        className={side === 'left' ? 'drawer drawer-left' : 'drawer'}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        data-testid={testId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </>,
    document.body,
  );
}

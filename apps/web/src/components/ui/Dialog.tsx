import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from './focus-trap';
import { useInertPage } from './useInertPage';

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Called by Esc, the close button and a click on the backdrop; omit for dialogs that must be answered. */
  onClose?: () => void;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}

/** An accessible modal dialog: role=dialog, aria-modal, focus trap, Esc closes, focus returns on close. */
export function Dialog({
  title,
  children,
  onClose,
  footer,
  size = 'sm',
  testId,
  role = 'dialog',
  describedBy,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  // Before the focus trap: on close the page stops being inert before focus returns to the opener in it.
  useInertPage();
  const onKeyDown = useFocusTrap(ref, onClose ? () => onCloseRef.current?.() : undefined);

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onCloseRef.current?.();
      }}
    >
      <div
        ref={ref}
        className={`dialog dialog-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button dialog-close" aria-label={t('popup.close')} onClick={onClose}>
              <CloseIcon />
            </button>
          )}
        </div>
        <div className="dialog-body">{children}</div>
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

export function CloseIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

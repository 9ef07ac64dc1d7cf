import { useEffect } from 'react';

let open = 0;

/**
 * While a modal (dialog or drawer) is open, the page behind it is `inert`: no focus, no clicks, hidden from
 * assistive technology, and left out of contrast checks of what is dimmed behind the backdrop. The modals render in
 * a portal outside `#root`, so they stay live; stacked modals keep the page inert until the last one closes.
 */
export function useInertPage(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    open += 1;
    root?.setAttribute('inert', '');
    return () => {
      open -= 1;
      if (open === 0) root?.removeAttribute('inert');
    };
  }, []);
}

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';
import { Drawer } from './Drawer';

describe('the page behind a modal', () => {
  it('is inert while any dialog or drawer is open, and live again when the last closes', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
    const dialog = render(<Dialog title="Notice">body</Dialog>, {
      container: document.body.appendChild(document.createElement('div')),
    });
    expect(root.hasAttribute('inert')).toBe(true);
    const drawer = render(
      <Drawer label="Menu" onClose={() => undefined}>
        menu
      </Drawer>,
      { container: document.body.appendChild(document.createElement('div')) },
    );
    dialog.unmount();
    expect(root.hasAttribute('inert')).toBe(true);
    drawer.unmount();
    expect(root.hasAttribute('inert')).toBe(false);
    root.remove();
  });
});

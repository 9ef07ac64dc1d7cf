import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Drawer } from './Drawer';
import { focusableIn } from './focus-trap';

function Page({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <button type="button">outside</button>
      {open && (
        <Drawer label="Menu" onClose={close} testId="drawer">
          <button type="button" data-autofocus>
            close
          </button>
          <input data-testid="search" />
          <details>
            <summary>Group</summary>
            <a href="/inside">inside a closed group</a>
          </details>
          <a href="/last">last</a>
        </Drawer>
      )}
    </>
  );
}

const tab = (shift = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: shift });

describe('Drawer (issue #7, item 15)', () => {
  it('is a modal dialog that takes focus on open', () => {
    render(<Page />);
    fireEvent.click(screen.getByText('open'));
    const drawer = screen.getByTestId('drawer');
    expect(drawer.getAttribute('role')).toBe('dialog');
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(drawer.getAttribute('aria-label')).toBe('Menu');
    expect(document.activeElement).toBe(screen.getByText('close'));
    expect(document.body.classList.contains('has-modal')).toBe(true);
  });

  it('holds focus: Tab from the last element goes to the first, Shift+Tab from the first to the last', () => {
    render(<Page />);
    fireEvent.click(screen.getByText('open'));
    screen.getByText('last').focus();
    tab();
    expect(document.activeElement).toBe(screen.getByText('close'));
    tab(true);
    expect(document.activeElement).toBe(screen.getByText('last'));
  });

  it('counts what a closed group hides as out of reach, and reaches it once the group opens', () => {
    render(<Page />);
    fireEvent.click(screen.getByText('open'));
    const drawer = screen.getByTestId('drawer');
    const names = () => focusableIn(drawer).map((el) => el.textContent || el.getAttribute('data-testid'));
    expect(names()).toEqual(['close', 'search', 'Group', 'last']);
    (screen.getByText('Group').parentElement as HTMLDetailsElement).open = true;
    expect(names()).toEqual(['close', 'search', 'Group', 'inside a closed group', 'last']);
  });

  it('Escape closes it and focus returns to the opener', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByTestId('search'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('drawer')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.classList.contains('has-modal')).toBe(false);
  });

  it('a click on the backdrop closes it', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    fireEvent.click(screen.getByText('open'));
    fireEvent.click(document.querySelector('.drawer-backdrop')!);
    expect(onClose).toHaveBeenCalled();
  });
});

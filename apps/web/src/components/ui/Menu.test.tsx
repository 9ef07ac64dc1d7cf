import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Menu } from './Menu';

function setup() {
  render(
    <Menu label="Open" testId="trigger">
      {(close) => (
        <ul>
          <li>
            <button type="button" onClick={close}>
              One
            </button>
          </li>
          <li>
            <a href="/two">Two</a>
          </li>
        </ul>
      )}
    </Menu>,
  );
  return screen.getByTestId('trigger');
}
const panel = () => document.querySelector('.menu-panel') as HTMLElement;

describe('Menu', () => {
  it('opens on hover, and the click that follows keeps it open', () => {
    const trigger = setup();
    expect(panel().hidden).toBe(true);
    fireEvent.mouseEnter(trigger.parentElement!);
    expect(panel().hidden).toBe(false);
    fireEvent.click(trigger);
    expect(panel().hidden).toBe(false);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger);
    expect(panel().hidden).toBe(true);
  });

  it('toggles on click, closes with Escape and returns focus to the trigger', () => {
    const trigger = setup();
    fireEvent.click(trigger);
    expect(panel().hidden).toBe(false);
    screen.getByText('One').focus();
    fireEvent.keyDown(screen.getByText('One'), { key: 'Escape' });
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(trigger);
  });

  it('closes when an item is chosen', () => {
    const trigger = setup();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByText('One'));
    expect(panel().hidden).toBe(true);
  });

  it('an item that closes the menu and opens a popup gets focus back on the trigger when the popup closes (item 15)', async () => {
    const { Dialog } = await import('./Dialog');
    function WithPopup() {
      const [popup, setPopup] = useState(false);
      return (
        <>
          <Menu label="Explorer" testId="trigger">
            {(close) => (
              <button type="button" onClick={() => (close(), setPopup(true))}>
                Ranking
              </button>
            )}
          </Menu>
          {popup && (
            <Dialog title="Soon" onClose={() => setPopup(false)} testId="popup">
              <p>coming soon</p>
            </Dialog>
          )}
        </>
      );
    }
    render(<WithPopup />);
    const trigger = screen.getByTestId('trigger');
    fireEvent.click(trigger);
    const item = screen.getByText('Ranking');
    item.focus();
    fireEvent.click(item);
    expect(panel().hidden).toBe(true);
    expect(screen.getByTestId('popup').contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('popup')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('ArrowDown focuses the first item on the next frame, and arrows move from the focused item', async () => {
    const trigger = setup();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('One')));
    fireEvent.keyDown(screen.getByText('One'), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Two')));
    fireEvent.keyDown(screen.getByText('Two'), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('One')));
  });

  it('focus that moved before the frame stays where it went (a fast user or script is not overridden)', async () => {
    const trigger = setup();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    // Before the frame runs, focus moves to the second item, as a quick Tab or an automation step would.
    screen.getByText('Two').focus();
    // The menu's frame callback was queued at the keypress, before this one: frame callbacks run in order, so when
    // this one runs, the menu's has run too.
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(document.activeElement).toBe(screen.getByText('Two'));
  });
});

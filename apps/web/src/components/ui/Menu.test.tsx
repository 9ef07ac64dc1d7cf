import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Menu } from './Menu';

function renderMenu() {
  render(
    <Menu label="Language" testId="trigger">
      {() => <button type="button">English</button>}
    </Menu>,
  );
  return screen.getByTestId('trigger');
}

describe('Menu', () => {
  it('stays open when a pointer hovers and then clicks the trigger', () => {
    const trigger = renderMenu();
    fireEvent.mouseEnter(trigger.parentElement!);
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('English').closest('[hidden]')).toBeNull();
  });

  it('toggles with clicks when there is no hover (touch, keyboard)', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});

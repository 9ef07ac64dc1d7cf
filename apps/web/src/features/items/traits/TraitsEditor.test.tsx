import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import type { TraitRow } from './trait-rows';
import { TraitsEditor } from './TraitsEditor';

function Harness({ errors = {} }: { errors?: Record<number, never> }) {
  const [rows, setRows] = useState<TraitRow[]>([]);
  return <TraitsEditor rows={rows} onChange={setRows} errors={errors} />;
}

describe('TraitsEditor', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('adds rows with the focus on the new name, removes them handing the focus on, and stops at 20', () => {
    render(<Harness />);
    const add = screen.getByTestId('item-trait-add');
    fireEvent.click(add);
    expect(document.activeElement).toBe(screen.getByTestId('item-trait-0-type'));
    fireEvent.change(screen.getByTestId('item-trait-0-type'), { target: { value: 'Level' } });
    fireEvent.change(screen.getByTestId('item-trait-0-kind'), { target: { value: 'number' } });
    expect(screen.getByTestId('item-trait-0-max')).toBeTruthy();
    fireEvent.click(add);
    expect(document.activeElement).toBe(screen.getByTestId('item-trait-1-type'));
    // Removing the first row hands the focus to the next one's name; removing the last, to the add button.
    fireEvent.click(screen.getByRole('button', { name: 'Remove trait 1' }));
    expect(document.activeElement).toBe(screen.getByTestId('item-trait-0-type'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove trait 1' }));
    expect(document.activeElement).toBe(add);
    for (let i = 0; i < 20; i++) fireEvent.click(add);
    expect(within(screen.getByTestId('item-traits')).getAllByRole('listitem')).toHaveLength(20);
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the Korean texts', async () => {
    await i18n.changeLanguage('ko');
    render(<Harness />);
    expect(screen.getByTestId('item-trait-add').textContent).toContain('속성 추가');
  });
});

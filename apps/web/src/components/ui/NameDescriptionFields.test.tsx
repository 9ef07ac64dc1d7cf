import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { NameDescriptionFields } from './NameDescriptionFields';

function show(ns: 'item' | 'collection', description: string, descMaxLines?: number) {
  render(
    <NameDescriptionFields
      ns={ns}
      ids={{ name: 'n', desc: 'd' }}
      name={['  Moon  ', () => undefined]}
      description={[description, () => undefined]}
      errorOf={(f) => (f === 'name' ? 'bad name' : null)}
      max={{ name: 10, desc: 20, lines: descMaxLines }}
    />,
  );
}
const count = (id: string) => document.getElementById(`${id}-count`)!;

describe('NameDescriptionFields', () => {
  beforeEach(() => i18n.changeLanguage('ko'));

  it("labels both fields from the form's namespace, counts the name trimmed and shows each field's problem", () => {
    show('collection', 'abc');
    expect(screen.getByLabelText(/컬렉션 이름/)).toBe(screen.getByTestId('collection-name'));
    expect(screen.getByTestId('collection-name').getAttribute('aria-required')).toBe('true');
    expect(screen.getByTestId('collection-description').tagName).toBe('TEXTAREA');
    expect(count('n').textContent).toBe('4 / 10');
    expect(count('d').textContent).toBe('3 / 20');
    expect(screen.getByTestId('collection-name-error').textContent).toContain('bad name');
    expect(screen.getByTestId('collection-name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('collection-description').getAttribute('aria-invalid')).toBe('false');
  });

  it('counts the lines before the characters when the description has a line limit, and marks either limit', async () => {
    show('item', 'a\nb\nc', 2);
    expect(count('d').textContent).toBe('3 / 5줄 · 5 / 20');
    expect(count('d').classList.contains('over')).toBe(true);
  });

  it('marks the description over its characters without a line limit', async () => {
    await i18n.changeLanguage('en');
    show('item', 'x'.repeat(21));
    expect(screen.getByLabelText(/Item name/)).toBe(screen.getByTestId('item-name'));
    expect(count('d').textContent).toBe('21 / 20');
    expect(count('d').classList.contains('over')).toBe(true);
  });
});

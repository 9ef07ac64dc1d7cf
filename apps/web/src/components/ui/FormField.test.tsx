import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountedField } from './FormField';

function Name({ error = null }: { error?: string | null }) {
  const [value, setValue] = useState('');
  return (
    <CountedField
      id="n"
      field="name"
      testPrefix="thing"
      label="Name"
      required
      error={error}
      value={value}
      onChange={setValue}
      placeholder="Type a name"
      over={value.length > 3}
      counter={`${value.length}/3`}
    />
  );
}

describe('CountedField', () => {
  it('labels the control, counts what is typed and marks the count past its limit', () => {
    render(<Name />);
    const input = screen.getByLabelText(/Name/);
    expect(input).toBe(screen.getByTestId('thing-name'));
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('n-count');
    fireEvent.change(input, { target: { value: 'abcd' } });
    const count = document.getElementById('n-count')!;
    expect(count.textContent).toBe('4/3');
    expect(count.classList.contains('over')).toBe(true);
  });

  it('shows its problem under it and marks the control invalid', () => {
    render(<Name error="Required" />);
    expect(screen.getByTestId('thing-name-error').textContent).toContain('Required');
    expect(screen.getByTestId('thing-name').getAttribute('aria-invalid')).toBe('true');
  });
});

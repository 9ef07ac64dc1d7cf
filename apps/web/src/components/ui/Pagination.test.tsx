import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

const numbers = () => screen.getAllByTestId(/^page-\d+$/).map((b) => Number(b.textContent));

describe('Pagination (the profile offers paginator: 10 page numbers a group)', () => {
  it('shows the group of 10 holding the current page, the current page marked', () => {
    render(<Pagination pageNo={13} pageCount={25} links={10} onChange={() => undefined} />);
    expect(numbers()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(screen.getByTestId('page-13').getAttribute('aria-current')).toBe('page');
  });

  it('moves first, previous, next and last, clamped to the pages there are', () => {
    const onChange = vi.fn();
    render(<Pagination pageNo={21} pageCount={25} links={10} onChange={onChange} />);
    expect(numbers()).toEqual([21, 22, 23, 24, 25]);
    fireEvent.click(screen.getByLabelText('첫 페이지'));
    fireEvent.click(screen.getByLabelText('이전 페이지'));
    fireEvent.click(screen.getByLabelText('다음 페이지'));
    fireEvent.click(screen.getByLabelText('마지막 페이지'));
    fireEvent.click(screen.getByTestId('page-24'));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([1, 20, 22, 25, 24]);
  });

  it('disables first and previous on page 1, next and last on the last page, and hides itself for one page', () => {
    const { rerender } = render(<Pagination pageNo={1} pageCount={3} links={10} onChange={() => undefined} />);
    expect((screen.getByLabelText('첫 페이지') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('이전 페이지') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('다음 페이지') as HTMLButtonElement).disabled).toBe(false);
    rerender(<Pagination pageNo={3} pageCount={3} links={10} onChange={() => undefined} />);
    expect((screen.getByLabelText('마지막 페이지') as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pagination pageNo={1} pageCount={1} links={10} onChange={() => undefined} />);
    expect(screen.queryByTestId('pagination')).toBeNull();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyFilters } from './browse-filters';
import { useUrlFilters } from './filter-params';

const defaults = emptyFilters();

function Grid() {
  const [filters, setFilters] = useUrlFilters(defaults, [1, 5]);
  const l = useLocation();
  return (
    <>
      <input
        type="checkbox"
        data-testid="multi"
        checked={filters.filterItemType === 1}
        onChange={() => setFilters({ ...filters, filterItemType: filters.filterItemType === 1 ? undefined : 1 })}
      />
      <output data-testid="where">{l.search}</output>
    </>
  );
}

describe('useUrlFilters', () => {
  it('keeps a click while the navigation to the new query is still pending, then follows the landed query', async () => {
    // The route's loader runs again on every query change; holding it open keeps the navigation pending, as a
    // grid suspending on its next page does in the browser.
    let release = () => {};
    let held = false;
    const router = createMemoryRouter(
      [
        {
          path: '/Marketplace',
          element: <Grid />,
          loader: () =>
            held
              ? new Promise<null>((r) => {
                  release = () => r(null);
                })
              : null,
        },
      ],
      { initialEntries: ['/Marketplace'] },
    );
    render(<RouterProvider router={router} />);
    const box = (await screen.findByTestId('multi')) as HTMLInputElement;
    expect(box.checked).toBe(false);

    held = true;
    await act(async () => fireEvent.click(box));
    // The location still holds the old query, and the checkbox stays as the member set it.
    expect(screen.getByTestId('where').textContent).toBe('');
    expect(box.checked).toBe(true);

    await act(async () => release());
    expect(screen.getByTestId('where').textContent).toBe('?type=1');
    expect(box.checked).toBe(true);

    // A navigation from outside (a link to the plain page) is followed.
    held = false;
    await act(async () => router.navigate('/Marketplace'));
    expect(box.checked).toBe(false);
  });
});

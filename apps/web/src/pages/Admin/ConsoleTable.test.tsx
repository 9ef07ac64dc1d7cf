import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { registerAdminCatalogue } from '../../i18n/admin-resources';
import { type Column, ConsoleTable } from './ConsoleTable';

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [
  { key: 'id', header: '#', cell: (r) => r.id },
  { key: 'name', header: 'Name', className: 'small', cell: (r) => <b>{r.name}</b> },
];

describe('console table', () => {
  beforeEach(async () => {
    registerAdminCatalogue();
    await i18n.changeLanguage('ko');
  });

  it('renders the columns and rows with their cells', () => {
    render(
      <ConsoleTable
        columns={columns}
        rows={[
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
        ]}
        rowKey={(r) => r.id}
        testId="t"
        rowTestId="t-row"
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Name']);
    const rows = screen.getAllByTestId('t-row');
    expect(rows.map((r) => r.textContent)).toEqual(['1a', '2b']);
    expect(within(rows[0]!).getByText('a').closest('td')!.className).toBe('small');
    expect(screen.queryByTestId('t-empty')).toBeNull();
  });

  it('says when there is nothing, while loading shows a spinner instead', () => {
    const { rerender } = render(
      <ConsoleTable columns={columns} rows={undefined} rowKey={(r) => r.id} testId="t" loading />,
    );
    expect(screen.getByTestId('t-loading')).toBeTruthy();
    expect(screen.queryByTestId('t-empty')).toBeNull();
    rerender(<ConsoleTable columns={columns} rows={[]} rowKey={(r) => r.id} testId="t" />);
    expect(screen.getByTestId('t-empty').textContent).toBe('항목이 없습니다.');
  });

  it('shows a failure with a retry', () => {
    const retry = vi.fn();
    render(<ConsoleTable columns={columns} rows={[]} rowKey={(r) => r.id} testId="t" error onRetry={retry} />);
    const error = screen.getByTestId('t-error');
    expect(error.textContent).toContain('목록을 불러오지 못했습니다.');
    fireEvent.click(within(error).getByRole('button', { name: '다시 시도' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('pages: total and page links call back', () => {
    const onPage = vi.fn();
    render(
      <ConsoleTable
        columns={columns}
        rows={[{ id: 1, name: 'a' }]}
        rowKey={(r) => r.id}
        testId="t"
        page={{ total: 45, pageNo: 1, pageCount: 3, onPage }}
      />,
    );
    expect(screen.getByText('전체 45건')).toBeTruthy();
    fireEvent.click(
      within(screen.getByTestId('pagination')).getByRole('button', {
        name: i18n.t('support:pagination.page', { page: 2 }),
      }),
    );
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

import { queryOptions, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { registerAdminCatalogue } from '../../i18n/admin-resources';
import { renderPage } from '../../test/render-page';

const api = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
const { ConsoleToolbar, FilterSelect } = await import('./admin-kit');
const { CheckField, ConsoleEditor, LangField, RowButton, SortOrderField, TextField } = await import('./ConsoleEditor');
const { useConsoleDraft } = await import('./useConsoleDraft');
const { sessionStore, emptySession } = await import('../../lib/session');

type Draft = { categoryIdx?: number; code: string; name: string; nameEn: string; sortOrder: number };
const reads = vi.fn();
const probeList = queryOptions({ queryKey: ['probe-list'], queryFn: () => reads() });

/** A small console tab made only of the shared pieces: a list read, the toolbar, the editor and its fields. */
function Probe({ actionsAtStart = false }: { actionsAtStart?: boolean }) {
  useQuery(probeList);
  const editor = useConsoleDraft<Draft, '/admin/category/save'>('/admin/category/save', [probeList.queryKey]);
  const { draft, set } = editor;
  return (
    <div>
      <ConsoleToolbar
        search={{ testId: 'probe', onSearch: (text) => reads(`search:${text}`) }}
        onNew={() => editor.open({ code: '', name: '', nameEn: '', sortOrder: 3 })}
        newTestId="probe-new"
      >
        <FilterSelect
          label="State"
          value="0"
          onChange={(v) => reads(`filter:${v}`)}
          options={[
            ['0', 'Open'],
            ['1', 'Done'],
          ]}
          testId="probe-filter"
        />
      </ConsoleToolbar>
      <RowButton
        onClick={() => editor.open({ categoryIdx: 7, code: 'art', name: '예술', nameEn: 'Art', sortOrder: 1 })}
      />
      {draft && (
        <ConsoleEditor
          editor={editor}
          title={draft.categoryIdx ? 'Edit' : 'New'}
          testId="probe-editor"
          saveTestId="probe-save"
          actionsAtStart={actionsAtStart}
        >
          <TextField
            label="Code"
            value={draft.code}
            maxLength={40}
            onChange={(code) => set({ code })}
            testId="probe-code"
          />
          <TextField label="Name" value={draft.name} maxLength={50} grow onChange={(name) => set({ name })} />
          <SortOrderField value={draft.sortOrder} onChange={(sortOrder) => set({ sortOrder })} />
          <LangField value="ko" onChange={(lang) => reads(`lang:${lang}`)} testId="probe-lang" />
          <CheckField label="Shown" checked={false} onChange={(on) => reads(`check:${on}`)} testId="probe-check" />
        </ConsoleEditor>
      )}
    </div>
  );
}

describe('console editor pieces', () => {
  beforeEach(async () => {
    registerAdminCatalogue();
    await i18n.changeLanguage('ko');
    api.mockReset();
    reads.mockReset();
    reads.mockResolvedValue([]);
    sessionStore.set({ ...emptySession, id: 'op_user', ticket: 'tkt' });
  });

  it('labels every field, and sends the draft with the operator auth; a save closes, refreshes and says so', async () => {
    let answer: (v: unknown) => void = () => undefined;
    api.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderPage(<Probe />, { popups: true });
    await waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: '수정' }));
    expect(screen.getByRole('heading', { name: 'Edit' })).toBeTruthy();
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('art');
    expect((screen.getByLabelText('Code') as HTMLInputElement).required).toBe(true);
    expect(screen.getByLabelText('Name').closest('label')!.className).toBe('field admin-grow');
    fireEvent.change(screen.getByLabelText('정렬 순서'), { target: { value: 'x' } });
    expect((screen.getByLabelText('정렬 순서') as HTMLInputElement).value).toBe('0');
    fireEvent.change(screen.getByLabelText('정렬 순서'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('probe-lang'), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Shown' }));
    expect(reads).toHaveBeenCalledWith('lang:en');
    expect(reads).toHaveBeenCalledWith('check:true');
    fireEvent.change(screen.getByTestId('probe-code'), { target: { value: 'fine-art' } });
    fireEvent.click(screen.getByTestId('probe-save'));
    fireEvent.submit(screen.getByTestId('probe-editor'));
    await waitFor(() => expect(api).toHaveBeenCalled());
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith('/admin/category/save', {
      id: 'op_user',
      ticketId: 'tkt',
      categoryIdx: 7,
      code: 'fine-art',
      name: '예술',
      nameEn: 'Art',
      sortOrder: 4,
    });
    await waitFor(() => expect((screen.getByTestId('probe-save') as HTMLButtonElement).disabled).toBe(true));
    answer({ returnCode: 0, data: { idx: 7 } });
    expect((await screen.findByTestId('ok-popup')).textContent).toContain('저장했습니다.');
    expect(screen.queryByTestId('probe-editor')).toBeNull();
    await waitFor(() => expect(reads).toHaveBeenCalledTimes(4));
  });

  it('Cancel closes without a call; New starts an empty draft; the actions sit at the end unless told', async () => {
    renderPage(<Probe />);
    fireEvent.click(screen.getByTestId('probe-new'));
    expect(screen.getByRole('heading', { name: 'New' })).toBeTruthy();
    const actions = screen.getByRole('button', { name: '저장' }).parentElement!;
    expect(actions.className).toBe('form-actions');
    expect([...actions.children].map((b) => b.textContent)).toEqual(['취소', '저장']);
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.queryByTestId('probe-editor')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('puts Save first at the start when asked', () => {
    renderPage(<Probe actionsAtStart />);
    fireEvent.click(screen.getByTestId('probe-new'));
    const actions = screen.getByRole('button', { name: '저장' }).parentElement!;
    expect(actions.className).toBe('button-row');
    expect([...actions.children].map((b) => b.textContent)).toEqual(['저장', '취소']);
  });

  it('the toolbar searches the trimmed text and shows the filter with its label', async () => {
    renderPage(<Probe />);
    fireEvent.change(screen.getByTestId('probe-search'), { target: { value: '  공지 ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(reads).toHaveBeenCalledWith('search:공지');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: '1' } });
    expect(reads).toHaveBeenCalledWith('filter:1');
    expect(screen.getByRole('button', { name: '새로 만들기' })).toBe(screen.getByTestId('probe-new'));
  });

  it('a row button says Edit unless told, and comes in danger red and disabled', () => {
    const click = vi.fn();
    renderPage(
      <>
        <RowButton onClick={click} testId="row-edit" />
        <RowButton danger disabled onClick={click} testId="row-hide">
          숨기기
        </RowButton>
      </>,
    );
    fireEvent.click(screen.getByTestId('row-edit'));
    fireEvent.click(screen.getByTestId('row-hide'));
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('row-edit').textContent).toBe('수정');
    expect(screen.getByTestId('row-edit').className).toBe('btn btn-outline btn-sm');
    expect(screen.getByTestId('row-hide').className).toBe('btn btn-danger btn-sm');
    expect((screen.getByTestId('row-hide') as HTMLButtonElement).disabled).toBe(true);
  });
});

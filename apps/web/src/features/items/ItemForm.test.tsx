import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { clearSession, updateSession } from '../../lib/session';
import { popups, usePopups } from '../popups/popup-store';
import { ItemForm } from './ItemForm';

const api = vi.fn();
const uploadFile = vi.fn();
vi.mock('../../lib/api/client', () => ({ api: (...a: unknown[]) => api(...a) }));
vi.mock('../../lib/api/upload', () => ({ uploadFile: (...a: unknown[]) => uploadFile(...a) }));

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

let messages: string[] = [];
function PopupProbe() {
  messages = usePopups().map((p) => ('message' in p ? p.message : ''));
  return null;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ItemForm auth={{ id: 'artist', ticket: 't' }} />
        <PopupProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('ko');
  updateSession({ id: 'artist', ticket: 't' });
  api.mockImplementation(async (path: string) => {
    if (path === '/nft/category/list')
      return { returnCode: 0, list: [{ idx: 1, code: 'art', name: '아트', nameEn: 'Art', fileName: 'a.png' }] };
    if (path === '/nft/collection/list/mine')
      return { returnCode: 0, list: [{ collectionIdx: 3, collectionName: '내 컬렉션' }] };
    return { returnCode: 0, data: { cdnUrl: '/cdn' } };
  });
});
afterEach(() => {
  popups.clear();
  clearSession();
  vi.clearAllMocks();
});

describe('ItemForm (publish)', () => {
  it('shows every rule that fails at once, in Korean and then in English, and sends nothing', async () => {
    show();
    fireEvent.change(screen.getByTestId('item-quantity'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('item-submit'));
    expect(screen.getByTestId('item-resource-input-error').textContent).toBe('아이템 리소스를 추가해 주세요');
    expect(screen.getByTestId('item-name-error').textContent).toBe('아이템 이름을 입력해 주세요.');
    expect(screen.getByTestId('item-category-error')).toBeTruthy();
    expect(screen.getByTestId('item-collection-error').textContent).toBe('컬렉션을 선택해 주세요');
    expect(screen.getByTestId('item-quantity-error').textContent).toBe('발행할 수량을 1개이상 입력해 주세요');
    expect(document.activeElement).toBe(screen.getByTestId('item-resource-input'));
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(screen.getByTestId('item-resource-input-error').textContent).toBe('Please add an item resource'),
    );
    expect(uploadFile).not.toHaveBeenCalled();
    expect(api.mock.calls.map((c) => c[0])).not.toContain('/nft/register');
  });

  it('keeps the quantity to digits with thousands separators', () => {
    show();
    const q = screen.getByTestId('item-quantity') as HTMLInputElement;
    fireEvent.change(q, { target: { value: '12a34-5' } });
    expect(q.value).toBe('12,345');
  });

  it('shows the busy message on a second submit while the upload runs, and registers once', async () => {
    let finishUpload!: () => void;
    uploadFile.mockImplementation(
      ({ onProgress }: { onProgress: (p: number) => void }) =>
        new Promise((resolve) => {
          onProgress(40);
          finishUpload = () => resolve({ returnCode: 0, data: { fileName: 'abcdefgh.png' } });
        }),
    );
    show();
    await screen.findByText('아트');
    await screen.findByText('내 컬렉션');
    const input = screen.getByTestId('item-resource-input');
    fireEvent.change(input, { target: { files: [new File([PNG], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.queryByTestId('item-resource-input-error')).toBeNull());
    fireEvent.change(screen.getByTestId('item-name'), { target: { value: '작품' } });
    fireEvent.change(screen.getByTestId('item-category'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('item-collection'), { target: { value: '3' } });
    // The resource is accepted once its content check resolves: the picker then offers to change the file.
    // (Clicking inside a waitFor would re-run on every popup it opens and could starve that check.)
    await screen.findByText(i18n.t('item:form.resourceChange'));
    fireEvent.click(screen.getByTestId('item-submit'));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByTestId('item-resource-input-progress').getAttribute('aria-valuenow')).toBe('40'),
    );
    fireEvent.click(screen.getByTestId('item-submit'));
    expect(messages).toContain('아이템 생성 중입니다. 잠시만 기다려 주세요.');
    expect(uploadFile).toHaveBeenCalledTimes(1);
    finishUpload();
    await waitFor(() => expect(messages).toContain('아이템 등록 성공'));
    const registers = api.mock.calls.filter((c) => c[0] === '/nft/register');
    expect(registers).toHaveLength(1);
    expect(registers[0]![1]).toMatchObject({
      fileName: 'abcdefgh.png',
      category: 1,
      collectionIdx: 3,
      totalSupply: 1,
      productName: '작품',
    });
  });
});

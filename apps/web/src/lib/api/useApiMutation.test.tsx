import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ensureOk, failureCode } from './api-error';
import { setFailureHandler } from './failure-handler';
import { useApiMutation } from './useApiMutation';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

const shown = vi.fn();
const appHandler = setFailureHandler(shown);
// The handler is module state: give the app's back for the files that run after this one in the same worker.
afterAll(() => void setFailureHandler(appHandler));

afterEach(() => {
  shown.mockClear();
  vi.restoreAllMocks();
});

describe('useApiMutation', () => {
  it('runs once while a call is in flight (a double click submits once) and reports busy', async () => {
    let release!: () => void;
    const fn = vi.fn(() => new Promise<{ returnCode: number }>((r) => (release = () => r({ returnCode: 0 }))));
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useApiMutation(fn, { onSuccess }), { wrapper });
    let first = false;
    let second = true;
    act(() => {
      first = result.current.run(1);
      second = result.current.run(2);
    });
    expect([first, second]).toEqual([true, false]);
    await waitFor(() => expect(result.current.busy).toBe(true));
    expect(fn).toHaveBeenCalledTimes(1);
    act(() => release());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ returnCode: 0 }, 1));
    expect(result.current.busy).toBe(false);
    act(() => void result.current.run(3));
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
  });

  it('hands the code of a refused reply to the failure handler (the error popup)', async () => {
    const { result } = renderHook(() => useApiMutation(async () => ensureOk({ returnCode: 253 })), { wrapper });
    act(() => void result.current.run(undefined));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(253));
  });

  it('lets the page handle a code itself, and turns other failures into 901', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onFailure = vi.fn((code: number) => code === 283);
    const { result } = renderHook(
      () =>
        useApiMutation(
          async (code: number) => (code ? ensureOk({ returnCode: code }) : Promise.reject(new Error('x'))),
          { onFailure },
        ),
      { wrapper },
    );
    act(() => void result.current.run(283));
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(283, 283));
    expect(shown).not.toHaveBeenCalled();
    act(() => void result.current.run(0));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(901));
    expect(failureCode(new ApiError(5))).toBe(5);
  });
});

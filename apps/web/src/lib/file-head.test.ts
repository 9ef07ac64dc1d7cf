import { describe, expect, it } from 'vitest';
import { fileHead } from './file-head';

describe('fileHead', () => {
  it('reads at most the first n bytes', async () => {
    const file = new Blob([new Uint8Array([1, 2, 3, 4, 5])]);
    expect([...(await fileHead(file, 3))]).toEqual([1, 2, 3]);
    expect([...(await fileHead(file, 16))]).toEqual([1, 2, 3, 4, 5]);
  });
});

import { describe, expect, it } from 'vitest';
import { pcmWav } from './pcm-wav';

describe('pcmWav', () => {
  it('writes the RIFF/WAVE header of mono 16-bit PCM and the samples little-endian', () => {
    const b = pcmWav(8000, [0, 1, -1, 32767]);
    expect(b.length).toBe(44 + 8);
    expect(b.toString('latin1', 0, 4)).toBe('RIFF');
    expect(b.readUInt32LE(4)).toBe(36 + 8);
    expect(b.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect([
      b.readUInt16LE(20),
      b.readUInt16LE(22),
      b.readUInt32LE(24),
      b.readUInt32LE(28),
      b.readUInt16LE(32),
      b.readUInt16LE(34),
    ]).toEqual([1, 1, 8000, 16000, 2, 16]);
    expect(b.toString('latin1', 36, 40)).toBe('data');
    expect(b.readUInt32LE(40)).toBe(8);
    expect([0, 1, 2, 3].map((i) => b.readInt16LE(44 + i * 2))).toEqual([0, 1, -1, 32767]);
  });
});

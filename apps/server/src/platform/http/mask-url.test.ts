import { describe, expect, it } from 'vitest';
import { maskSecrets, maskServiceUrl } from './mask-url';

describe('maskServiceUrl', () => {
  it('masks the user, the password, every query value and a key-like path segment', () => {
    expect(maskServiceUrl('postgres://att:s3cret@db.internal:5432/att')).toBe(
      'postgres://***:***@db.internal:5432/att',
    );
    expect(maskServiceUrl('https://kaia.example.com/v3/abcdef0123456789abcdef?apikey=zzz')).toBe(
      'https://kaia.example.com/v3/***?apikey=***',
    );
    expect(maskServiceUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(maskServiceUrl('not a url')).toBe('***');
  });
});

describe('maskSecrets', () => {
  it('masks every URL inside a message and leaves the rest', () => {
    const line = maskSecrets('connect to smtps://mailer:pw@smtp.example.com:465 failed; then redis://:pw2@r:6379 too');
    expect(line).toBe('connect to smtps://***:***@smtp.example.com:465 failed; then redis://:***@r:6379 too');
    expect(line).not.toMatch(/pw/);
  });
});

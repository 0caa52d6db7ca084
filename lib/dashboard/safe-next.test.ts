import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

const ORIGIN = 'http://127.0.0.1:3000';

describe('safeNext', () => {
  it('keeps paths of the dashboard itself, with their query and fragment', () => {
    expect(safeNext('/settings', ORIGIN)).toBe('/settings');
    expect(safeNext('/batches?status=running#top', ORIGIN)).toBe('/batches?status=running#top');
    expect(safeNext('http://127.0.0.1:3000/tasks/abc', ORIGIN)).toBe('/tasks/abc');
  });

  it('sends everything that leaves the origin to the dashboard home', () => {
    for (const next of [
      '/\\evil.example/phish', // what the browser makes of /%5Cevil.example/phish once decoded
      '\\\\evil.example',
      '//evil.example/phish',
      '/\\/evil.example',
      'https://evil.example/phish',
      'http://127.0.0.1:3001/tasks',
      'javascript:alert(document.cookie)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/\t/evil.example',
    ])
      expect(safeNext(next, ORIGIN), next).toBe('/tasks');
  });

  it('keeps an undecoded %5C as part of a path on this site', () => {
    expect(safeNext('/%5Cevil.example/phish', ORIGIN)).toBe('/%5Cevil.example/phish');
  });

  it('falls back when next is missing or not a string', () => {
    expect(safeNext(undefined, ORIGIN)).toBe('/tasks');
    expect(safeNext('', ORIGIN)).toBe('/tasks');
    expect(safeNext(['/settings', '//evil.example'], ORIGIN)).toBe('/tasks');
  });
});

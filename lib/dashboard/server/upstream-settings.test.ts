import { describe, expect, it } from 'vitest';
import { upstreamUrlProblem } from './upstream-settings';

describe('upstreamUrlProblem', () => {
  it('accepts a base URL, with or without a path', () => {
    expect(upstreamUrlProblem('https://api.example.com')).toBeNull();
    expect(upstreamUrlProblem('http://127.0.0.1:3000/quarry/')).toBeNull();
  });

  it('refuses a query string or fragment, which would swallow the proxied path', () => {
    expect(upstreamUrlProblem('http://127.0.0.1:3000/?ignore=')).toMatch(/query string/);
    expect(upstreamUrlProblem('http://127.0.0.1:3000/x?')).toMatch(/query string/);
    expect(upstreamUrlProblem('https://api.example.com/#')).toMatch(/fragment/);
  });

  it('refuses credentials in the URL, and what is not http(s)', () => {
    expect(upstreamUrlProblem('https://user:secret@api.example.com')).toMatch(/credentials/);
    expect(upstreamUrlProblem('https://user@api.example.com')).toMatch(/credentials/);
    expect(upstreamUrlProblem('file:///etc/passwd')).toMatch(/http or https/);
    expect(upstreamUrlProblem('api.example.com')).toMatch(/absolute/);
  });
});

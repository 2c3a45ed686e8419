import { describe, expect, it } from 'vitest';
import { displayHost, isHttpLink, shortDescription } from './linkPreview';

describe('link preview helpers', () => {
  it('cuts descriptions to 50 characters plus "..."', () => {
    const long = 'a'.repeat(60);
    expect(shortDescription(long)).toBe(`${'a'.repeat(50)}...`);
    expect(shortDescription('short text')).toBe('short text');
    expect(shortDescription('b'.repeat(50))).toBe('b'.repeat(50));
  });

  it('shows the host without a leading www.', () => {
    expect(displayHost('https://www.fiba.basketball/rules')).toBe('fiba.basketball');
    expect(displayHost('http://docs.example.com:8080/x')).toBe('docs.example.com:8080');
    expect(displayHost('https://wwwhat.example/')).toBe('wwwhat.example');
  });

  it('accepts only http(s) links', () => {
    expect(isHttpLink('https://example.com')).toBe(true);
    expect(isHttpLink('javascript:alert(1)')).toBe(false);
    expect(isHttpLink('data:image/png;base64,xx')).toBe(false);
  });
});

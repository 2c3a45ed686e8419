import { describe, expect, it } from 'vitest';
import { embedUrl } from './video';

describe('embedUrl', () => {
  it('embeds YouTube and Vimeo links only', () => {
    expect(embedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
  });

  it('leaves every other link as a plain link', () => {
    expect(embedUrl('https://example.org/video.mp4')).toBeNull();
    expect(embedUrl('javascript:alert(1)')).toBeNull();
    expect(embedUrl('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedUrl('https://www.youtube.com/watch?v="><script>')).toBeNull();
    expect(embedUrl('not a url')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { loggableUrl } from './app.js';

describe('loggableUrl', () => {
  it('keeps a link’s token out of the request log, and everything else as it is', () => {
    expect(loggableUrl('/admin/reset-password?token=0f1e.secret')).toBe('/admin/reset-password?token=[redacted]');
    expect(loggableUrl('/forgot-password?a=1&token=abc&b=2')).toBe('/forgot-password?a=1&token=[redacted]&b=2');
    expect(loggableUrl('/admin/accept-invite?TOKEN=x#top')).toBe('/admin/accept-invite?TOKEN=[redacted]#top');
    expect(loggableUrl('/api/search?q=token=abc')).toBe('/api/search?q=token=abc');
    expect(loggableUrl('/verify?tr=TR-1&hash=ab')).toBe('/verify?tr=TR-1&hash=ab');
  });
});

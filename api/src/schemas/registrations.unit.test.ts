// File sizes as step 4 and the 413 write them, from one formatter: a small file in bytes, a limit in the
// units of its size.
import { describe, expect, test } from 'vitest';

import { fileTooLargeMessage, formatFileSize } from './registrations.js';

describe('formatFileSize', () => {
  test('gives a small file its bytes, not "0.00 MB"', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(20)).toBe('20 bytes');
    expect(formatFileSize(1023)).toBe('1023 bytes');
  });

  test('KB with one decimal at most, from 1 KB', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(64 * 1024)).toBe('64 KB');
  });

  test('MB with two decimals at most, from 1 MB', () => {
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(2_621_440)).toBe('2.5 MB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatFileSize(25 * 1024 * 1024 + 50 * 1024)).toBe('25.05 MB');
  });

  test('rounds up, so a file just over a limit never reads as the limit', () => {
    expect(formatFileSize(25 * 1024 * 1024 + 1)).toBe('25.01 MB');
    expect(formatFileSize(64 * 1024 + 1)).toBe('64.1 KB');
    expect(formatFileSize(76_026)).toBe('74.3 KB');
  });
});

describe('fileTooLargeMessage', () => {
  test('is the 413 sentence with the limit in the same units', () => {
    expect(fileTooLargeMessage(25 * 1024 * 1024)).toBe('The file is larger than the 25 MB limit. Upload a smaller file.');
    expect(fileTooLargeMessage(64 * 1024)).toBe('The file is larger than the 64 KB limit. Upload a smaller file.');
  });
});

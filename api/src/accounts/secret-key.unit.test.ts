// SECRET_KEY: validated by the config schema, generated into DATA_DIR in development, required in production.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveSecretKey } from '../config.js';

describe('the server key', () => {
  it('takes 32 bytes as hex or base64 and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ SECRET_KEY: hex }).SECRET_KEY).toEqual(Buffer.from(hex, 'hex'));
    expect(loadConfig({ SECRET_KEY: Buffer.alloc(32, 7).toString('base64') }).SECRET_KEY).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ SECRET_KEY: 'too-short' })).toThrow(/SECRET_KEY: must be 32 bytes/);
  });

  it('is generated once into DATA_DIR/secret.key (0600) in development, then reused', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tl-key-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSecretKey(config);
    expect(first).toHaveLength(32);
    expect(resolveSecretKey(config)).toEqual(first);
    const file = path.join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('hex'));
  });

  it('must be given in production', () => {
    expect(() => resolveSecretKey(loadConfig({ NODE_ENV: 'production' }))).toThrow(ConfigError);
  });
});

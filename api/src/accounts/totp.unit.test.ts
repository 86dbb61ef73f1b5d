import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { wrongTotpCode } from '../../../test/support/totp.js';
import { checkTotp, currentTotp, newTotpSecret, totpQrCode } from './totp.js';

const now = new Date('2026-03-01T12:00:10Z');
const epoch = Math.floor(now.getTime() / 1000);

describe('TOTP', () => {
  it('accepts the current code and reports its time step', async () => {
    const secret = newTotpSecret();
    const result = await checkTotp(secret, await currentTotp(secret, now), null, now);
    expect(result).toEqual({ valid: true, timeStep: Math.floor(epoch / 30) });
  });

  it('refuses a code used before (same step or earlier) and says it is a replay', async () => {
    const secret = newTotpSecret();
    const code = await generate({ secret, epoch });
    const first = await checkTotp(secret, code, null, now);
    expect(first.valid).toBe(true);
    const again = await checkTotp(secret, code, first.valid ? first.timeStep : null, now);
    expect(again).toEqual({ valid: false, replayed: true });
  });

  it('accepts the next step within the drift window, but not two steps away', async () => {
    const secret = newTotpSecret();
    expect((await checkTotp(secret, await generate({ secret, epoch: epoch + 30 }), null, now)).valid).toBe(true);
    expect((await checkTotp(secret, await generate({ secret, epoch: epoch + 90 }), null, now)).valid).toBe(false);
  });

  it('refuses malformed and wrong codes', async () => {
    const secret = newTotpSecret();
    expect(await checkTotp(secret, '12345', null, now)).toEqual({ valid: false, replayed: false });
    expect(await checkTotp(secret, 'abcdef', null, now)).toEqual({ valid: false, replayed: false });
    const wrong = await wrongTotpCode((at) => generate({ secret, epoch: at }), epoch);
    expect((await checkTotp(secret, wrong, null, now)).valid).toBe(false);
  });

  it('draws the otpauth URI as a PNG data URL', async () => {
    expect(await totpQrCode(newTotpSecret(), 'ada@example.com')).toMatch(/^data:image\/png;base64,/);
  });
});

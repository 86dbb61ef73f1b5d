// TOTP (RFC 6238) through otplib v13. A code works once: the time step of the last accepted code is
// kept on the user's stream, and any code at or before it is refused.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const TOTP_ISSUER = 'TitleLedger';
/** One step either side absorbs clock drift between the phone and the server. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpQrCode(secret: string, accountLabel: string): Promise<string> {
  const uri = generateURI({ issuer: TOTP_ISSUER, label: accountLabel, secret });
  return QRCode.toDataURL(uri);
}

export type TotpCheck = { readonly valid: true; readonly timeStep: number } | { readonly valid: false; readonly replayed: boolean };

/**
 * Checks a 6-digit code. `lastTimeStep` is the step of the last code accepted for this user: a code
 * from that step or earlier is a replay.
 */
export async function checkTotp(secret: string, token: string, lastTimeStep: number | null, now = new Date()): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(token)) return { valid: false, replayed: false };
  const epoch = Math.floor(now.getTime() / 1000);
  const fresh = await verify({
    secret,
    token,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastTimeStep === null ? {} : { afterTimeStep: lastTimeStep }),
  });
  // otplib's result is a TOTP or HOTP one; only the TOTP one carries the time step.
  if (fresh.valid && 'timeStep' in fresh) return { valid: true, timeStep: fresh.timeStep };
  if (lastTimeStep === null) return { valid: false, replayed: false };
  const any = await verify({ secret, token, epoch, epochTolerance: TOLERANCE_SECONDS });
  return { valid: false, replayed: any.valid };
}

/** The current code, for tests and the dev tools. */
export async function currentTotp(secret: string, now = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}

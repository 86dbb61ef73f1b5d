// Hex and bytes for the verify page: hashes, RPC call data and RPC answers travel as hex strings,
// Web Crypto and the Merkle verifier work on bytes.

/** Lowercase hex of `bytes`, without a 0x prefix. */
export function bytesToHex(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let hex = '';
  for (const byte of view) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** `hex` without a leading 0x (or 0X). */
export function strip0x(hex: string): string {
  return hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
}

/** Bytes of an even-length hex string, with or without 0x; throws on anything else. */
export function hexToBytes(hex: string): Uint8Array {
  const digits = strip0x(hex);
  if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) {
    throw new Error(`Not a hex byte string: ${JSON.stringify(hex)}`);
  }
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Whether `hex` is a 32-byte hash: 64 hex digits, optionally 0x-prefixed. */
export function isHash32(hex: string): boolean {
  return /^(0x)?[0-9a-fA-F]{64}$/.test(hex);
}

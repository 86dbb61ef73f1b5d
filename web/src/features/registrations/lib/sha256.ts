// The file's SHA-256 computed in the browser (Web Crypto), so the creator can see the hash of
// their work before it leaves the machine and compare it with the one the server reports.
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let hex = '';
  for (const byte of view) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export async function sha256Hex(data: ArrayBuffer | Uint8Array | Blob): Promise<string> {
  const buffer = data instanceof Blob ? await data.arrayBuffer() : data;
  return toHex(await crypto.subtle.digest('SHA-256', buffer as BufferSource));
}

/** Hashes compare case-insensitively; servers spell hex in either case. */
export function sameHash(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

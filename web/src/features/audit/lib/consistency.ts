// RFC 6962 / RFC 9162 §2.1.4.2 consistency-proof verification, run in the browser with Web Crypto
// SHA-256: the audit page checks that the tree of size `from` is a prefix of the tree of size `to`
// without trusting the server's word for it, only the two signed roots.

const NODE_PREFIX = 0x01;

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error(`not a hex string: ${hex.slice(0, 16)}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** H(0x01 || left || right): an inner node of the tree. */
async function nodeHash(left: Uint8Array, right: Uint8Array): Promise<Uint8Array> {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = NODE_PREFIX;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', input));
}

/** Whether `path` proves the tree of `from` leaves (root `fromRoot`) is a prefix of the tree of `to` leaves (root `toRoot`). */
export async function verifyConsistency(from: number, to: number, fromRoot: Uint8Array, toRoot: Uint8Array, path: readonly Uint8Array[]): Promise<boolean> {
  if (from < 1 || from > to) return false;
  if (from === to) return path.length === 0 && equal(fromRoot, toRoot);
  const nodes = (from & (from - 1)) === 0 ? [fromRoot, ...path] : [...path];
  if (nodes.length === 0) return false;
  let fn = from - 1;
  let sn = to - 1;
  while (fn & 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = nodes[0]!;
  let sr = nodes[0]!;
  for (const node of nodes.slice(1)) {
    if (sn === 0) return false;
    if (fn & 1 || fn === sn) {
      fr = await nodeHash(node, fr);
      sr = await nodeHash(node, sr);
      if (!(fn & 1)) {
        do {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        } while (!(fn & 1) && fn !== 0);
      }
    } else {
      sr = await nodeHash(sr, node);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(fr, fromRoot) && equal(sr, toRoot);
}

// Signed checkpoints: C2SP tlog-checkpoint bodies (origin, tree size, base64 root) in C2SP signed-note
// form, signed with Ed25519 by the registry key. The key name is the origin, the key id is
// SHA-256(name || 0x0A || 0x01 || public key)[:4] (signed-note §Ed25519), so any note verifier given
// our verifier key (`vkey`) checks them.
import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { publicKeyFromRaw, rawPublicKey } from '../tr-bundle/registry-key.js';

const ED25519_TYPE = 0x01;
const SIGNATURE_PREFIX = '\u2014 ';

export interface Checkpoint {
  readonly origin: string;
  readonly treeSize: number;
  readonly root: Uint8Array;
}

export interface NoteSigner {
  readonly name: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

export function checkpointBody(checkpoint: Checkpoint): string {
  if (!/^[^\s+]+$/u.test(checkpoint.origin)) throw new Error(`A checkpoint origin has no spaces or plus signs: ${JSON.stringify(checkpoint.origin)}`);
  return `${checkpoint.origin}\n${checkpoint.treeSize}\n${Buffer.from(checkpoint.root).toString('base64')}\n`;
}

export function noteKeyId(name: string, publicKey: KeyObject): Buffer {
  return createHash('sha256')
    .update(Buffer.from(name, 'utf8'))
    .update(Buffer.from([0x0a, ED25519_TYPE]))
    .update(rawPublicKey(publicKey))
    .digest()
    .subarray(0, 4);
}

/** The C2SP verifier key: `<name>+<hex key id>+<base64(0x01 || public key)>`. */
export function verifierKey(name: string, publicKey: KeyObject): string {
  return `${name}+${noteKeyId(name, publicKey).toString('hex')}+${Buffer.concat([Buffer.from([ED25519_TYPE]), rawPublicKey(publicKey)]).toString('base64')}`;
}

/** The checkpoint as a signed note: body, blank line, one signature line. */
export function signCheckpoint(checkpoint: Checkpoint, signer: NoteSigner): string {
  const body = checkpointBody(checkpoint);
  const signature = sign(null, Buffer.from(body, 'utf8'), signer.privateKey);
  const blob = Buffer.concat([noteKeyId(signer.name, signer.publicKey), signature]).toString('base64');
  return `${body}\n${SIGNATURE_PREFIX}${signer.name} ${blob}\n`;
}

/**
 * Opens a signed checkpoint with a verifier key, or with any of several (the registry's keys over
 * time: a checkpoint is signed by the key current when it was made). A signature by a given key (name
 * and id) must verify; signatures by other keys are ignored (signed-note). Throws with the reason
 * otherwise: a bad signature by a known key, else that no known key signed it.
 */
export function openCheckpoint(note: string, vkey: string | readonly string[]): Checkpoint {
  if (typeof vkey === 'string') return openCheckpointWith(note, vkey);
  return openCheckpointSigned(note, vkey).checkpoint;
}

/** As {@link openCheckpoint} with several keys, also saying which of them (its index) signed it. */
export function openCheckpointSigned(note: string, vkeys: readonly string[]): { checkpoint: Checkpoint; signer: number } {
  let unsigned: Error | null = null;
  for (const [signer, key] of vkeys.entries()) {
    try {
      return { checkpoint: openCheckpointWith(note, key), signer };
    } catch (error) {
      if (!/^no signature by /.test((error as Error).message)) throw error;
      unsigned = error as Error;
    }
  }
  throw new Error(vkeys.length > 1 ? `no signature by any of the ${vkeys.length} registry keys` : (unsigned?.message ?? 'no verifier key given'));
}

function openCheckpointWith(note: string, vkey: string): Checkpoint {
  // The key name has no '+'; the base64 key may.
  const [, name, idHex, keyB64] = /^([^+]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+=*)$/.exec(vkey.trim()) ?? [];
  const key = Buffer.from(keyB64 ?? '', 'base64');
  if (!name || !idHex || key.length !== 33 || key[0] !== ED25519_TYPE) throw new Error('not an Ed25519 verifier key');
  const publicKey = publicKeyFromRaw(key.subarray(1));
  if (noteKeyId(name, publicKey).toString('hex') !== idHex) throw new Error('verifier key id does not match its key');
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) throw new Error('not a signed note');
  const body = note.slice(0, split + 1);
  let verified = false;
  for (const line of note.slice(split + 2, -1).split('\n')) {
    if (!line.startsWith(SIGNATURE_PREFIX)) throw new Error('malformed signature line');
    const [lineName, blob, extra] = line.slice(SIGNATURE_PREFIX.length).split(' ');
    const bytes = Buffer.from(blob ?? '', 'base64');
    if (extra !== undefined || bytes.length < 5) throw new Error('malformed signature line');
    if (lineName !== name || bytes.subarray(0, 4).toString('hex') !== idHex) continue;
    if (!verify(null, Buffer.from(body, 'utf8'), publicKey, bytes.subarray(4))) throw new Error('signature does not verify');
    verified = true;
  }
  if (!verified) throw new Error(`no signature by ${name}`);
  const lines = body.slice(0, -1).split('\n');
  const [origin, size, root] = lines;
  if (!origin || !size || !/^(0|[1-9]\d*)$/.test(size) || !root) throw new Error('not a checkpoint');
  const rootBytes = Buffer.from(root, 'base64');
  if (rootBytes.length !== 32 || rootBytes.toString('base64') !== root) throw new Error('checkpoint root is not a base64 SHA-256 hash');
  return { origin, treeSize: Number(size), root: new Uint8Array(rootBytes) };
}

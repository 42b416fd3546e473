import { createHash } from 'node:crypto';

/** What the user is shown and asked to confirm: `SHA256:…`, exactly as `ssh-keygen -lf` prints it. */
export function sha256Fingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** The key type named at the start of an SSH public key blob (`ssh-ed25519`, `ecdsa-sha2-nistp256`, …). */
export function keyTypeOf(keyBlob: Buffer): string {
  if (keyBlob.length < 4) return 'unknown';
  const length = keyBlob.readUInt32BE(0);
  if (length === 0 || length > 64 || keyBlob.length < 4 + length) return 'unknown';
  return keyBlob.subarray(4, 4 + length).toString('ascii');
}

export interface HostKey {
  type: string;
  /** Base64 of the key blob, as in a known_hosts line. */
  base64: string;
  fingerprint: string;
}

export function describeHostKey(keyBlob: Buffer): HostKey {
  return { type: keyTypeOf(keyBlob), base64: keyBlob.toString('base64'), fingerprint: sha256Fingerprint(keyBlob) };
}

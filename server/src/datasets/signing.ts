// Signed manifests (issue 24): every release's `manifest.json` is signed with the instance's Ed25519 key
// (node:crypto; no crypto of our own), the signature kept beside it as `manifest.json.sig`. The private key
// lives in the data folder beside the first admin key (`datasets-signing-key.pem`, mode 0600), made on the
// first start; its public key is registered in the database and served as a key set at
// `/.well-known/toolmark-datasets-keys.json`, and printed in every dataset card. The manifest lists every
// other file's sha256, so the signature covers every byte of a release.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** The private key's file name in the data folder. */
export const SIGNING_KEY_FILE = 'datasets-signing-key.pem';
/** The signature's file name in a release folder (served like the manifest, not listed in it). */
export const SIGNATURE_FILE = 'manifest.json.sig';
/** Where an instance serves its public keys. */
export const KEY_SET_PATH = '/.well-known/toolmark-datasets-keys.json';

/** A key that signs manifests. */
export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  /** SPKI PEM. */
  publicKeyPem: string;
}

/** `ed25519:` and the first 32 hex of the sha256 of the public key's SPKI DER. */
export const keyIdOf = (publicKey: KeyObject): string => `ed25519:${createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 32)}`;

/** The signing key of a PKCS#8 PEM private key (Ed25519 only). */
export function signingKeyFrom(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`the dataset signing key is ${privateKey.asymmetricKeyType ?? 'not asymmetric'}, not Ed25519`);
  const publicKey = createPublicKey(privateKey);
  return { keyId: keyIdOf(publicKey), privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** The key in `dir` (made, 0600, when there is none: the first start), its public key handed to `register` (the database's key set). */
export async function loadSigningKey(dir: string, register: (keyId: string, publicKeyPem: string) => Promise<void>): Promise<SigningKey> {
  const file = join(dir, SIGNING_KEY_FILE);
  let pem = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : Promise.reject(e)));
  if (pem === null) {
    const fresh = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // `wx`: two processes starting at once keep the first key written.
    await writeFile(file, fresh, { mode: 0o600, flag: 'wx' }).catch((e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? undefined : Promise.reject(e)));
    pem = await readFile(file, 'utf8');
  }
  const key = signingKeyFrom(pem);
  await register(key.keyId, key.publicKeyPem);
  return key;
}

/** The content of `manifest.json.sig`. */
export const ManifestSignatureSchema = z.strictObject({ algorithm: z.literal('ed25519'), keyId: z.string(), signature: z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/) });
export type ManifestSignature = z.infer<typeof ManifestSignatureSchema>;

/** The signature file's text for the manifest's exact bytes. */
export const signatureFile = (manifestBytes: Buffer, key: SigningKey): string =>
  `${JSON.stringify({ algorithm: 'ed25519', keyId: key.keyId, signature: sign(null, manifestBytes, key.privateKey).toString('base64') } satisfies ManifestSignature, null, 2)}\n`;

/** Public keys by key id (SPKI PEM). */
export type KeySet = ReadonlyMap<string, string>;

/** A key set from what `--key` names: one public key (PEM) or an instance's key set (JSON). */
export function keySetFrom(text: string): KeySet {
  if (text.trimStart().startsWith('{')) {
    const parsed = z.object({ keys: z.array(z.object({ keyId: z.string(), publicKey: z.string() })) }).parse(JSON.parse(text));
    return new Map(parsed.keys.map((k) => [k.keyId, k.publicKey]));
  }
  const publicKey = createPublicKey(text);
  return new Map([[keyIdOf(publicKey), publicKey.export({ type: 'spki', format: 'pem' }).toString()]]);
}

/** Check a signature file against the manifest's bytes: null when it is a valid signature by a key of the set, else why not. */
export function signatureProblem(manifestBytes: Buffer, signatureText: string | null, keys: KeySet): string | null {
  if (signatureText === null) return `no ${SIGNATURE_FILE}: the release is unsigned`;
  let sig: ManifestSignature;
  try {
    sig = ManifestSignatureSchema.parse(JSON.parse(signatureText));
  } catch {
    return `${SIGNATURE_FILE} is not a signature (JSON with algorithm ed25519, keyId, signature)`;
  }
  const pem = keys.get(sig.keyId);
  if (pem === undefined) return `signed by key ${sig.keyId}, which is not among the keys given (${[...keys.keys()].join(', ') || 'none'})`;
  return verify(null, manifestBytes, createPublicKey(pem), Buffer.from(sig.signature, 'base64')) ? null : `the signature by key ${sig.keyId} does not match manifest.json (it was changed after signing, or signed by another key)`;
}

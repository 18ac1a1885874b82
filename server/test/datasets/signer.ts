// A dataset signing key for the tests (a fresh Ed25519 key per test process), and its key set for verify.
import { generateKeyPairSync } from 'node:crypto';
import { signingKeyFrom, type KeySet } from '../../src/datasets/signing.js';

export const TEST_SIGNER = signingKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
export const TEST_KEYS: KeySet = new Map([[TEST_SIGNER.keyId, TEST_SIGNER.publicKeyPem]]);

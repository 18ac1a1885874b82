// Sign-in sessions as sealed cookies: the API key a person signs in with is encrypted and authenticated
// (AES-256-GCM, key derived from the server's session secret) into an http-only, SameSite=Lax cookie.
// Pages decrypt it on the server and call the API with it; JavaScript in the page never sees the key, and
// a tampered or expired cookie is simply no session. Revoking the key ends every session made with it,
// because each page asks the API with the key itself.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What a session holds. */
export interface Session {
  key: string;
  organisation: { slug: string; name: string };
  purpose: string;
  prefix: string;
  /** Seconds since the epoch when it was made. */
  iat: number;
}

/** Name of the session cookie. */
export const SESSION_COOKIE = 'tm_session';
/** A session lasts eight hours, then the key must be given again. */
export const SESSION_SECONDS = 8 * 60 * 60;

const keyOf = (secret: string): Buffer => createHash('sha256').update(`toolmark-site-session\0${secret}`).digest();

/** Seal `session` with `secret`: base64url(iv ‖ tag ‖ ciphertext). */
export function seal(session: Session, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Open a sealed session; null when it was tampered with, sealed with another secret, malformed or expired. */
export function unseal(value: string | undefined, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): Session | null {
  if (!value || value.length > 4096) return null;
  try {
    const raw = Buffer.from(value, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const session = JSON.parse(text) as Session;
    if (typeof session.key !== 'string' || typeof session.iat !== 'number') return null;
    if (session.iat + SESSION_SECONDS < nowSeconds || session.iat > nowSeconds + 60) return null;
    return session;
  } catch {
    return null;
  }
}

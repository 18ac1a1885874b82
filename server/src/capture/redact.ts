/** Text shown instead of a secret. */
export const REDACTED = '[redacted]';

/**
 * Replaces known secrets in text. A header value like `Bearer abc` is also redacted by its parts, so a
 * server echoing only the token (or a library printing the scheme apart) does not leak it either.
 */
export class Redactor {
  private readonly secrets: string[] = [];

  /** Remember a secret (and its whitespace-separated parts of 8+ characters). */
  add(secret: string | undefined): void {
    if (secret === undefined || secret.trim() === '') return;
    const parts = [secret, ...secret.split(/\s+/).filter((p) => p.length >= 8)];
    for (const p of parts) if (!this.secrets.includes(p)) this.secrets.push(p);
    // Longest first, so a whole value is replaced before its parts.
    this.secrets.sort((a, b) => b.length - a.length);
  }

  /** The text with every known secret replaced by {@link REDACTED}. */
  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s).join(REDACTED);
    return out;
  }
}

import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CaptureError } from './errors.js';
import { describeUrl } from './http-target.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A fetch for the transports: every request stays on the target's origin, carries the auth header (if
 * any), and fails on a redirect instead of following it. The last refusal is kept, because the SSE
 * transport reports failures of its stream without the cause.
 */
export function guardedFetch(target: URL, authorization: string | undefined, base: FetchLike = fetch): {
  fetch: FetchLike;
  refusal: () => CaptureError | undefined;
} {
  const where = describeUrl(target);
  let refusal: CaptureError | undefined;
  const refuse = (error: CaptureError): never => {
    refusal = error;
    throw error;
  };
  const guarded: FetchLike = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.href);
    if (url.origin !== target.origin) {
      refuse(new CaptureError('redirect_refused', `the server pointed us to ${url.origin}; requests stay on ${target.origin}`, { where }));
    }
    const headers = new Headers(init?.headers);
    if (authorization !== undefined) headers.set('authorization', authorization);
    const response = await base(url, { ...init, headers, redirect: 'manual' });
    if (response.type === 'opaqueredirect' || REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      let to = '';
      try {
        const location = response.headers.get('location');
        if (location !== null) to = ` to ${describeUrl(new URL(location, url))}`;
      } catch {
        // an unparsable Location is still a redirect; it is refused all the same
      }
      refuse(
        new CaptureError(
          'redirect_refused',
          `the server answered ${response.status}, redirecting${to}; redirects are never followed, give the final URL instead`,
          { where, status: response.status },
        ),
      );
    }
    return response;
  };
  return { fetch: guarded, refusal: () => refusal };
}

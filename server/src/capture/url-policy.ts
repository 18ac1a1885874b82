import { CaptureError } from './errors.js';
import { describeUrl, parseTargetUrl } from './http-target.js';
import { allowedAddresses, checkHost, type Resolver } from './network-guard.js';

/** Options of {@link checkRegisteredUrl}. */
export interface UrlPolicyOptions {
  /** TOOLMARK_ALLOW_PRIVATE_URLS: loopback and private networks may be registered (metadata never). */
  allowPrivate: boolean;
  /** How names are resolved; default the system resolver (as the capture's). */
  resolve?: Resolver;
  /** How long to wait for the name's addresses before leaving the decision to the capture; default 2 s. */
  resolveTimeoutMs?: number;
}

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761), whatever a resolver says about them. */
const isLocalhostName = (host: string): boolean => /(^|\.)localhost\.?$/i.test(host);

/**
 * Check a URL someone registers, when they register it: http(s) without credentials (parseTargetUrl), and
 * a host the network guard would connect to — not an IP literal of a refused range, not a cloud metadata
 * name, and not a name that resolves (within the time limit) to a refused address; `localhost` names are
 * refused even when they do not resolve. Throws the guard's own `invalid_url` or `address_refused`.
 *
 * A name that does not resolve now, or not in time, is not refused: the capture resolves it again (DNS may
 * be down for a moment, or answer differently on the workers). This check is for a quick, clear answer;
 * what keeps a capture off refused addresses is still the capture's check of the address it connects to.
 */
export async function checkRegisteredUrl(text: string, options: UrlPolicyOptions): Promise<URL> {
  const url = parseTargetUrl(text);
  const where = describeUrl(url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (checkHost(host, options.allowPrivate, where) !== 0) return url;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), options.resolveTimeoutMs ?? 2_000);
  });
  try {
    await Promise.race([allowedAddresses(host, options, where), late]);
  } catch (error) {
    if (error instanceof CaptureError && error.code === 'address_refused') throw error;
    // Not resolved (no such name, no address, a resolver error): the capture decides, below only localhost.
  } finally {
    clearTimeout(timer);
  }
  if (!options.allowPrivate && isLocalhostName(host)) {
    throw new CaptureError('address_refused', `refusing to connect: ${host} is loopback (a localhost name); only public addresses may be registered unless the operator allows private addresses`, {
      where,
      host,
      kind: 'loopback',
    });
  }
  return url;
}

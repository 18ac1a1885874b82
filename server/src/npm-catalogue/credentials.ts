// Servers that will not list tools without credentials: which variables a failure names, and the documented
// dummy values a second try sets (enough for servers that only check that a key is present before
// listing tools; a server that calls its service at start still fails: there is no network in the sandbox).

/** Names that look like configuration variables: upper case with at least one underscore. */
const VARIABLE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
/** Words of that shape that are error codes or constants, not variables a user sets. */
const NOT_A_VARIABLE = /^(ERR_|ERROR_|E_|NODE_OPTIONS$|NODE_ENV$|MODULE_NOT_FOUND$|UV_|SIG|JSON_|HTTP_\d|RPC_|MCP_ERROR)/;
/** A variable about credentials or the service to reach (not e.g. LOG_LEVEL). */
const CONFIG_WORD = /(KEY|TOKEN|SECRET|PASSWORD|PASS|AUTH|CREDENTIALS?|URL|URI|HOST|ENDPOINT|DSN|ID|EMAIL|USER(NAME)?|ACCOUNT|DOMAIN|ORG|PROJECT|WORKSPACE|REGION|INSTANCE|SITE|TENANT|CLIENT|DATABASE|DB|PATH|DIR)$/;
/** Phrases that say a server stopped for want of credentials even when it names no variable. */
const CREDENTIAL_PHRASE = /\b(api[ _-]?key|access token|auth(entication|orization)? (token|required)|credentials?|token is required|not authenticated|unauthori[sz]ed|missing (required )?(environment|env)|environment variable)/i;

/** Variables a failure message names that look like the server's configuration, at most 6. */
export function variablesNamed(message: string): string[] {
  const found = new Set<string>();
  for (const m of message.matchAll(VARIABLE)) {
    const name = m[0];
    if (NOT_A_VARIABLE.test(name) || !CONFIG_WORD.test(name)) continue;
    found.add(name);
  }
  return [...found].slice(0, 6);
}

/** Whether a failure reads as a want of credentials or configuration. */
export const wantsCredentials = (message: string): boolean => variablesNamed(message).length > 0 || CREDENTIAL_PHRASE.test(message);

/**
 * toolmark's documented dummy for a variable: a URL that cannot resolve (`.invalid`, RFC 2606) for
 * URL-like names, a host of that domain, a port, a path inside the sandbox's temp folder, else a fixed word.
 * Never a real key.
 */
export function dummyValue(name: string): string {
  if (/(URL|URI|ENDPOINT|DSN)$/.test(name)) return 'https://toolmark-dummy.invalid';
  if (/HOST$/.test(name)) return 'toolmark-dummy.invalid';
  if (/PORT$/.test(name)) return '9';
  if (/EMAIL$/.test(name)) return 'dummy@toolmark-dummy.invalid';
  if (/(PATH|DIR)$/.test(name)) return '/tmp';
  return 'toolmark-dummy';
}

export const dummyEnv = (names: string[]): Record<string, string> => Object.fromEntries(names.map((n) => [n, dummyValue(n)]));

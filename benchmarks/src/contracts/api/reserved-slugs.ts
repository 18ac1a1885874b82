// Slugs no server or organisation may take: they name a page of the site or a part of the API, now or
// where one is about to be (`/servers/new`, `/admin`). A server's link is `/servers/<slug>` and never
// changes, and a path segment is read as either a page or a slug, so the two must never meet. The list
// follows the site's top-level routes (web/src/routes/*), its languages (`/ja/…`), the routes under a
// server and an evaluation (`/servers/<slug>/edit`, `/evaluations/new`) and the API's first path segments
// (`/v0` of the MCP Registry API, `/v1`, `/health`, `/mcp`, `/cli`); `reserved-slugs.test.ts` keeps it complete against the real trees.

/** Every reserved slug (lower case: slugs are). */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // the site's top-level routes and languages
  'account', 'datasets', 'docs', 'evaluations', 'findings', 'lang', 'methodology', 'models', 'servers', 'signin', 'signout', 'submit',
  'en', 'ja',
  // routes under a server or an evaluation
  'diff', 'edit', 'progress', 'new', 'watch',
  // the API's first path segments and its versions
  'v0', 'v1', 'v2', 'v3', 'health', 'mcp', 'cli', 'api',
  // names that read as the operator's or the site's own
  'admin', 'administrator', 'root', 'system', 'toolmark', 'settings', 'login', 'logout', 'signup', 'register', 'static', 'assets', 'app', 'www', 'help', 'about', 'status', 'search', 'null', 'undefined',
]);

/** True when `slug` is reserved. */
export const isReservedSlug = (slug: string): boolean => RESERVED_SLUGS.has(slug);

import adapter from '@sveltejs/adapter-node';

/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    adapter: adapter({ out: 'build', precompress: false }),
    // svelte-check (npm run typecheck) covers the Playwright tests and their config too, not only src/.
    typescript: {
      config: (config) => ({ ...config, include: [...config.include, '../e2e/**/*.ts', '../playwright.config.ts'] }),
    },
    // Hostile tool text is escaped by Svelte; the policy is the second wall: scripts only from this site
    // (kit adds a nonce to its own inline start-up script), no plugins, no foreign forms or frames.
    csp: {
      mode: 'nonce',
      directives: {
        'default-src': ['self'],
        'script-src': ['self'],
        'style-src': ['self', 'unsafe-inline'],
        'img-src': ['self', 'data:'],
        'object-src': ['none'],
        'base-uri': ['none'],
        'form-action': ['self'],
        'frame-ancestors': ['none'],
      },
    },
  },
};

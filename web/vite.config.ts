import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Lines a build prints that are not for the person installing toolmark, and that nobody can act on here:
 * SvelteKit's "run npm run preview" hint (the site is served by `npm start`, not vite preview), and the
 * warnings adapter-node's own Rollup pass prints about dependencies (zod's comments it cannot place and
 * zod's internal import cycle — node_modules sits outside this workspace, so the bundlers' node_modules
 * exemption does not apply) and about the empty `$env` chunk SvelteKit emits when no page reads the
 * environment. Matched narrowly: any other warning, ours or a dependency's, is printed as before.
 */
const NOISE = [
  /to preview your production build locally/,
  /^(\.\.\/)+node_modules\/zod\/\S+ \(\d+:\d+\): A comment[\s\S]*contains an annotation that Rollup cannot interpret/,
  /^Circular dependency: (\.\.\/)+node_modules\/zod\/\S+( -> (\.\.\/)+node_modules\/zod\/\S+)+$/,
  /^Generated an empty chunk: "chunks\/env\.js"\.?$/,
];

let quieted = false;
function quietBuild(): Plugin {
  const quiet = (write: (...args: unknown[]) => void) => (...args: unknown[]) => {
    // eslint-disable-next-line no-control-regex -- colour escapes are stripped before matching
    const text = args.map(String).join(' ').replace(/\u001b\[[0-9;]*m/g, '').trim();
    if (!NOISE.some((re) => re.test(text))) write(...args);
  };
  return {
    name: 'toolmark:quiet-build',
    apply: 'build',
    buildStart() {
      if (quieted) return;
      quieted = true;
      console.log = quiet(console.log.bind(console));
      console.warn = quiet(console.warn.bind(console));
    },
  };
}

export default defineConfig({
  plugins: [quietBuild(), sveltekit()],
  logLevel: 'warn',
  build: {
    rolldownOptions: {
      // The per-plugin timing report after a build is for people profiling the bundler.
      checks: { pluginTimings: false, bundlerTimings: false },
    },
  },
});

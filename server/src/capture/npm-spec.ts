import { CaptureError } from './errors.js';

/** A package from the npm registry: a name and, optionally, an exact version or a semver range. */
export interface NpmPackageSpec {
  name: string;
  /** An exact version (`1.2.3`) or a range (`^1.2`, `>=1 <2`); undefined means the latest. */
  range?: string;
  /** `name` or `name@range`, exactly as handed to npm. */
  spec: string;
}

// npm's rules for new package names: lower case, URL-safe characters, not starting with . or _ (so never
// `..`), at most 214 characters with the scope. A leading - is refused too, so nothing reads as a flag.
const NAME_PART = '[a-z0-9~][a-z0-9._~-]*';
const NAME = new RegExp(`^(?:@${NAME_PART}/)?${NAME_PART}$`);
const RESERVED_NAMES = new Set(['node_modules', 'favicon.ico']);

// node-semver's range grammar, restricted to what people write: partial versions with x/*, an optional
// operator, hyphen ranges, space-separated comparators, ||. No tags, no URLs, no paths.
const XR = '(?:0|[1-9]\\d*|[xX*])';
const PRE = '(?:-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?';
const PARTIAL = `${XR}(?:\\.${XR}(?:\\.${XR}${PRE})?)?`;
const PRIMITIVE = `(?:<=|>=|<|>|=|~|\\^)?${PARTIAL}`;
const SIMPLE = `(?:${PARTIAL} - ${PARTIAL}|${PRIMITIVE})`;
const RANGE_SET = `${SIMPLE}(?: +${SIMPLE})*`;
const RANGE = new RegExp(`^${RANGE_SET}(?: *\\|\\| *${RANGE_SET})*$`);
const MAX_RANGE = 128;

/**
 * Parse a package spec strictly: `name`, `@scope/name`, either followed by `@` and an exact version or a
 * semver range. Everything else npm would accept (git and tarball URLs, `file:` and other paths, aliases,
 * dist-tags, GitHub shorthands, flags) is refused with `invalid_package_spec`, saying what was expected.
 */
export function parseNpmPackageSpec(text: string): NpmPackageSpec {
  const refuse = (why: string): never => {
    throw new CaptureError(
      'invalid_package_spec',
      `${JSON.stringify(text)} is not an npm package spec: ${why}; expected name[@version-or-range], e.g. @scope/name@1.2.3 or name@^1.2`,
      { where: 'npm package spec', spec: text.slice(0, 300) },
    );
  };
  if (text.length === 0) refuse('it is empty');
  // The separating @ is the first one after the scope's own.
  const at = text.indexOf('@', text.startsWith('@') ? 1 : 0);
  const name = at === -1 ? text : text.slice(0, at);
  const range = at === -1 ? undefined : text.slice(at + 1);
  if (name.startsWith('-')) refuse('it starts with "-" (flags are not accepted)');
  if (/[:\\]|^\.|\/\.|^\//.test(name)) refuse('URLs, git specs, paths and file: specs are not accepted, only registry names');
  if (name.length > 214) refuse('the name is longer than 214 characters');
  if (!NAME.test(name) || RESERVED_NAMES.has(name)) refuse(`"${name}" is not a valid package name (lower case letters, digits, - . _ ~, optionally @scope/)`);
  if (range !== undefined) {
    if (range === '') refuse('nothing after "@"');
    if (range.length > MAX_RANGE) refuse(`the version range is longer than ${MAX_RANGE} characters`);
    if (!RANGE.test(range)) refuse(`"${range}" is not an exact version or a semver range (dist-tags are not accepted)`);
  }
  return range === undefined ? { name, spec: name } : { name, range, spec: `${name}@${range}` };
}

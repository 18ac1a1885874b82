/** A command line as people read it (arguments quoted when needed), for messages; no SDK import, so the CLI loads it cheaply. */
export function describeCommand(target: { command: string; args: string[] }): string {
  return [target.command, ...target.args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
}

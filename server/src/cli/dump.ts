import type { Command } from 'commander';
import { CliError, EXIT, printError } from './errors.js';
import { writeFileAtomic } from './files.js';
import type { CliIo } from './io.js';
import { addSourceOptions, deprecatedOption, describeSource, resolveSource, type SourceOptions } from './args.js';
import { captureOptions } from './source.js';

interface DumpOptions extends SourceOptions {
  out?: string;
  /** The old name of --out, still accepted. */
  output?: string;
}

async function runDump(options: DumpOptions, command: string[] | undefined, io: CliIo): Promise<number> {
  let where: string | undefined;
  try {
    if (options.output !== undefined) {
      if (options.out !== undefined) throw new CliError('usage', 'give --out once (--output is its old name)', { key: '--out' });
      io.stderr.write('toolmark dump: warning: --output is deprecated; use -o/--out\n');
    }
    const source = resolveSource(undefined, options, command, io);
    if (source.kind === 'file') throw new CliError('usage', 'dump captures a live server: give --url <url> or -- <command…>');
    where = describeSource(source);
    // A first `npx` of a server can take many seconds before it answers: say what is happening meanwhile.
    io.stderr.write(`toolmark dump: asking ${where} for its tools (a first npx install can take a while)…\n`);
    const { captureSurface } = await import('../capture/index.js');
    const captured = await captureSurface(source, captureOptions(options));
    where = captured.where;
    const text = `${JSON.stringify(captured.value, null, 2)}\n`;
    const out = options.out ?? options.output;
    if (out === undefined || out === '-') io.stdout.write(text);
    else await writeFileAtomic(out, text);
    const to = out === undefined || out === '-' ? 'stdout' : out;
    const pages = captured.pages > 1 ? ` in ${captured.pages} pages` : '';
    io.stderr.write(`toolmark dump: ${captured.surface.tools.length} tools from ${captured.where} (${captured.transport}${pages}) written to ${to}\n`);
    return EXIT.ok;
  } catch (error) {
    printError(io, 'dump', error, where);
    return EXIT.error;
  }
}

/** Register `toolmark dump`. `command` is what followed `--` on the command line, if anything. */
export function registerDump(program: Command, io: CliIo, command: string[] | undefined, done: (code: number) => void): void {
  const dump = program
    .command('dump')
    .summary("save a live server's tools/list to a file for offline use")
    .description(
      'Capture a server\'s tools/list (every page) and write it as { "tools": [...] }, each tool exactly as ' +
        'the server sent it, including keys the MCP SDK does not know. Lint the file later with toolmark lint <file>.',
    )
    .option('-o, --out <file>', 'file to write (default: stdout; - is stdout)')
    .addOption(deprecatedOption('--output <file>', '-o/--out'));
  addSourceOptions(dump)
    .addHelpText(
      'after',
      `
Examples:
  toolmark dump -o tools.json -- npx -y @modelcontextprotocol/server-memory
  toolmark dump -o tools.json --url https://mcp.example.com/mcp

Exit codes: 0 written, 2 usage, input or connection error.`,
    )
    .action(async (options: DumpOptions) => {
      done(await runDump(options, command, io));
    });
}

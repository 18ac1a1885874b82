import { EvalError, InputError, ToolmarkError } from '@toolmark/benchmarks';
import { RepositoryError } from '@toolmark/db';
import { DistractorSetError } from '@toolmark/distractors';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { CaptureError } from '../capture/errors.js';
import { ConfigError } from '../config.js';
import { RunCancelled, RunFailed } from '../eval/run.js';
import { ProviderError } from '../providers/provider.js';
import { CliError, errorShape, EXIT, exitCodeOf, printError } from './errors.js';

/** Print `error` as command `cmd` and return what went to stderr and the exit code. */
function printed(error: unknown, where?: string): { text: string; code: number } {
  let text = '';
  const code = printError({ stderr: { write: (s: string) => ((text += s), true) } as unknown as NodeJS.WritableStream }, 'cmd', error, where);
  return { text, code };
}

describe('one error base, one printer', () => {
  it('every CLI-facing error is a ToolmarkError with code, message, detail and the uniform JSON shape', () => {
    const errors = [
      new InputError('invalid_json', 'm'),
      new EvalError('invalid_task_set', 'm'),
      new RepositoryError('not_found', 'm'),
      new DistractorSetError('unknown_set', 'nope', 'm'),
      new CaptureError('timeout', 'm', { where: 'x' }),
      new ProviderError('auth', 'm'),
      new CliError('usage', 'm'),
      new ConfigError('invalid_config', 'm', { variables: ['PORT'] }),
      new ApiError(403, 'forbidden', 'm'),
      new RunFailed('provider_failed', 'm'),
      new RunCancelled(),
    ];
    for (const e of errors) {
      expect(e, e.name).toBeInstanceOf(ToolmarkError);
      expect(JSON.parse(JSON.stringify(e))).toEqual({ error: { code: e.code, message: e.message, detail: e.detail } });
      expect(e.name).not.toBe('ToolmarkError');
    }
  });

  it('prints code, message and where the input is wrong, and returns 2', () => {
    const input = printed(new InputError('duplicate_tool_name', 'two tools are named a', { path: '$.tools[1].name', names: ['a', 'a'] }), 'tools.json');
    expect(input.code).toBe(EXIT.error);
    expect(input.text).toBe('toolmark cmd: duplicate_tool_name: two tools are named a\n  where: tools.json\n  at: $.tools[1].name\n  names: a, a\n');
    const evalError = printed(new EvalError('invalid_task_set', 'bad task', { taskId: 't1', line: 3, column: 5, field: 'expect' }));
    expect(evalError.text).toBe('toolmark cmd: invalid_task_set: bad task\n  at: task t1, line 3:5, field expect\n');
  });

  it('keeps a set name in the distractor code and exits 130 for a cancelled run', () => {
    expect(printed(new DistractorSetError('unknown_set', 'nope', 'no such set')).text).toBe('toolmark cmd: distractor_unknown_set: no such set\n');
    const cancelled = printed(new RunCancelled());
    expect(cancelled.code).toBe(EXIT.cancelled);
    expect(exitCodeOf(new RunCancelled())).toBe(130);
    expect(exitCodeOf(new ProviderError('auth', 'no'))).toBe(2);
  });

  it('calls anything else unexpected, exits 2, and never lets a message drive the terminal', () => {
    const unknown = printed(new TypeError('x is undefined\u001b[2J'));
    expect(unknown.code).toBe(EXIT.error);
    expect(unknown.text).toMatch(/^toolmark cmd: internal_error: unexpected failure \(please report it\): x is undefined/);
    expect(unknown.text).not.toContain('\u001b');
    expect(errorShape('a string', 'here')).toEqual({ error: { code: 'internal_error', message: 'unexpected failure (please report it): a string', detail: { where: 'here' } } });
  });

  it('continues a multi-line message indented under the first line', () => {
    expect(printed(new ConfigError('invalid_config', 'invalid configuration:\nPORT: too big', { variables: ['PORT'] })).text).toBe(
      'toolmark cmd: invalid_config: invalid configuration:\n  PORT: too big\n',
    );
  });
});

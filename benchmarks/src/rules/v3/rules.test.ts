import { describe, expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { parseSurfaceValue } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV3 } from './index.js';
import { infoTexts } from './info-text.js';

// Issue 25, the v3 rules one by one: each with a case that earns or fires and one that does not.

const countTokens = await loadTokenCounter();
const tool = (partial: Partial<Tool> & { name: string }): Tool => ({ inputSchema: { type: 'object' }, ...partial }) as Tool;
const lint = (tools: Tool[]) => rulesV3.lint(parseSurfaceValue({ tools }), { countTokens });
const first = (tools: Tool[]) => lint(tools).tools[0]!;
const codes = (tools: Tool[]) => first(tools).findings.map((f) => f.code);

describe('information text (credit only information about this tool)', () => {
  it('drops content-free, nonsense and name-only clauses; keeps clauses about the tool', () => {
    const [t] = infoTexts([
      {
        name: 'get_pod_logs',
        own: 'Gives back the last lines a container wrote. Call it whenever it is needed (tool 3). Use this when you need to vorpfexp the snarzakp. Use this to get pod logs.',
        params: ['pod'],
      },
    ]);
    expect(t!.info).toBe('Gives back the last lines a container wrote. Use this to get pod logs.');
    expect(t!.cue).toBe('Gives back the last lines a container wrote.');
    expect(t!.dropped.map((d) => d.why)).toEqual(['content-free', 'content-free', 'name-only']);
  });

  it('discounts wording repeated across tools once numbers, names and synonyms are masked, not wording about each tool', () => {
    const tools = ['list_pods', 'get_node', 'delete_job', 'scale_deployment'].map((name, i) => ({
      name,
      own: `Acts on the cluster objects. ${['Invoke', 'Call', 'Use', 'Trigger'][i]} it for the ${name} request ${i + 7} of the cluster objects.`,
      params: [],
    }));
    const out = infoTexts(tools);
    expect(out.every((t) => t.dropped.some((d) => d.why === 'near-duplicate'))).toBe(true);
    const distinct = infoTexts(['list_pods', 'get_node', 'delete_job'].map((name, i) => ({ name, own: ['Lists pods by phase.', 'Reads one node and its taints.', 'Deletes a finished job.'][i]!, params: [] })));
    expect(distinct.every((t) => t.dropped.length === 0)).toBe(true);
  });

  it('scores a cue with nothing to act on as nothing, and a cue about the tool as a cue', () => {
    const stuffed = first([tool({ name: 'get_pod_logs', description: 'Gets pod logs. Use this tool when you need it. Returns the result. Example: example.' })]);
    const plain = first([tool({ name: 'get_pod_logs', description: 'Gets pod logs. Reach for it after listing the pods of a failing deployment. Gives back the last lines each container wrote.' })]);
    expect(stuffed.categories.usage.points).toBe(0);
    expect(stuffed.categories.returns.points).toBe(0);
    expect(stuffed.categories.examples.points).toBe(0);
    expect(plain.categories.usage.points).toBe(10);
    expect(plain.categories.returns.points).toBe(10);
    expect(stuffed.findings.find((f) => f.code === 'no_specific_text')?.data).toMatchObject({ clauses: 3 });
  });
});

describe('markdown descriptions (no_specific_text reads layout as layout)', () => {
  // Real-looking markdown of the kinds real servers send (search syntax lists, numbered steps, fenced
  // examples, key: value lines, inline code): none of their lines is a clause that says nothing.
  const markdown: Tool[] = [
    tool({
      name: 'search_issues',
      description:
        'Search Sentry issues with the query syntax.\n\nExamples:\n- `is:unresolved`\n- userCount:>100\n- firstSeen:-24h\n- assigned:me\n\nSort by `date`, `freq` or `user`.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    }),
    tool({
      name: 'create_monitor_checkin',
      description: 'Records a cron check-in for a monitor.\n\nArguments:\n- monitor: <monitorSlug>\n- status: ok | error | in_progress\n- duration_ms: 1200',
      inputSchema: { type: 'object', properties: { monitor: { type: 'string' }, status: { type: 'string' } } },
    }),
    tool({
      name: 'run_workflow',
      description:
        'Runs a CI workflow on a branch.\n\n1. Looks up the pipeline of the branch.\n2. Starts the workflow named by `workflow_name`.\n3. Waits for the first job to start.\n\nExample call:\n```json\n{\n  "branch": "main",\n  "workflow_name": "build-and-test"\n}\n```',
      inputSchema: { type: 'object', properties: { branch: { type: 'string' }, workflow_name: { type: 'string' } } },
    }),
  ];

  it('flags none of the list markers, fences, key: value lines or inline code of real markdown', () => {
    for (const t of markdown) {
      const result = first([t]);
      expect(result.findings.filter((f) => f.code === 'no_specific_text'), t.name).toEqual([]);
    }
  });

  it('keeps a fenced block as one clause and a numbered step with its text', () => {
    const [t] = infoTexts([{ name: 'run_workflow', own: markdown[2]!.description!, params: ['branch', 'workflow_name'] }]);
    // "Example call:" is a label: it leaves the text (it earns nothing) but is not reported.
    expect(t!.dropped).toEqual([]);
    expect(t!.info).toContain('1. Looks up the pipeline of the branch.');
    expect(t!.info).toContain('"workflow_name": "build-and-test"');
  });

  it('still flags content-free boilerplate written as markdown (a list, a numbered step, inline code of nothing)', () => {
    const stuffed = first([
      tool({
        name: 'search_issues',
        description: 'Search Sentry issues with the query syntax.\n\n1. Call it whenever it is needed.\n- Use this tool when you need it.\n- It returns the result.\n\n```\n```',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
      }),
    ]);
    const f = stuffed.findings.find((x) => x.code === 'no_specific_text');
    expect(f?.data).toMatchObject({ clauses: 3, kinds: ['content-free'] });
    // A nonsense word stays nonsense outside code.
    const [nonsense] = infoTexts([{ name: 'search_issues', own: 'Search issues.\n- Use this when you need to quibble the vorpfexp.', params: [] }]);
    expect(nonsense!.dropped.find((d) => d.why === 'content-free')?.text).toContain('quibble the vorpfexp');
  });
});

describe('structures earn only what they say', () => {
  const base = { name: 'get_weather', description: 'Looks up the current weather of a city by name.' };
  it('an empty outputSchema earns nothing; described properties earn their share', () => {
    expect(first([tool({ ...base, outputSchema: { type: 'object' } })]).categories.returns.points).toBe(0);
    const half = first([tool({ ...base, outputSchema: { type: 'object', properties: { temperature: { type: 'number' }, data: { type: 'object' } } } })]);
    expect(half.categories.returns).toMatchObject({ points: 8 });
    expect(first([tool({ ...base, outputSchema: { type: 'object', properties: { t: { type: 'number', description: 'Degrees Celsius' } } } })]).categories.returns.points).toBe(15);
  });

  it('a placeholder example earns nothing; a valid one earns the examples points', () => {
    const city = (examples: unknown[]) => tool({ ...base, inputSchema: { type: 'object', properties: { city: { type: 'string', examples } } } });
    for (const e of [['string'], ['example'], ['foo'], ['<city>'], ['city'], [42]]) expect(first([city(e)]).categories.examples.points, JSON.stringify(e)).toBe(0);
    expect(first([city(['Osaka'])]).categories.examples.points).toBe(10);
  });

  it('"use X instead" earns only when X is on the server and overlaps the tool', () => {
    const siblings = [tool({ name: 'get_forecast', description: 'Looks up the weather forecast of a city for the next days.' }), tool({ name: 'create_invoice', description: 'Creates an invoice for a customer.' })];
    const related = first([tool({ ...base, description: `${base.description} For the coming days, use get_forecast instead.` }), ...siblings]);
    const unrelated = first([tool({ ...base, description: `${base.description} Use create_invoice instead.` }), ...siblings]);
    const missing = first([tool({ ...base, description: `${base.description} Use get_climate instead.` }), ...siblings]);
    expect(related.categories.usage.notes).toContain('names an overlapping alternative: get_forecast (+5)');
    expect(unrelated.categories.usage.points).toBe(0);
    expect(missing.categories.usage.points).toBe(0);
  });
});

describe('honest annotations', () => {
  it('a destructive tool marked destructiveHint: false is a required finding, earns no hint points and costs 10', () => {
    const plain = tool({ name: 'delete_file', description: 'Deletes one file from the workspace.' });
    const honest = first([{ ...plain, annotations: { destructiveHint: true } }]);
    const silent = first([plain]);
    const lying = first([{ ...plain, annotations: { destructiveHint: false } }]);
    expect(honest.categories.constraints.points).toBe(5);
    expect(lying.categories.constraints.points).toBe(0);
    expect(lying.score).toBe(Math.max(0, silent.score - 10));
    const f = lying.findings.find((x) => x.code === 'destructive_hint_false')!;
    expect(f.severity).toBe('required');
    expect(f.message).toContain('costs 10 points');
  });

  it('a write marked readOnlyHint: true costs points too', () => {
    const plain = tool({ name: 'create_issue', description: 'Opens an issue in a repository.' });
    expect(first([{ ...plain, annotations: { readOnlyHint: true } }]).score).toBeLessThan(first([plain]).score);
  });
});

describe('param_no_description (v3)', () => {
  const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  it('does not flag a parameter the description explains, an evident name, an evident wrapper or an empty params object', () => {
    expect(codes([tool({ name: 'run_sql', description: 'Runs one statement. Pass the SQL text to execute as `statement`; it must be read-only.', inputSchema: schema({ statement: { type: 'string' }, extra: { type: 'string' } }) })])).toContain('param_no_description');
    const explained = first([tool({ name: 'kill_process', description: 'Stops a process. The signal parameter takes a POSIX signal name such as TERM or KILL.', inputSchema: schema({ signal: { type: 'string' }, pid: { type: 'integer' } }) })]);
    expect(explained.findings.map((f) => f.code)).not.toContain('param_no_description');
    const evident = first([tool({ name: 'list_rows', description: 'Lists rows of a table.', inputSchema: schema({ page_size: { type: 'integer', minimum: 1, maximum: 100 }, cursor: { type: 'string' }, sql: { type: 'string' } }) })]);
    expect(evident.findings.map((f) => f.code)).not.toContain('param_no_description');
    const wrapper = first([tool({ name: 'send_page', description: 'Sends a page.', inputSchema: schema({ page: { type: 'object', properties: { limit: { type: 'integer' }, offset: { type: 'integer' } } }, params: { type: 'object', properties: {} } }) })]);
    expect(wrapper.findings.map((f) => f.code)).not.toContain('param_no_description');
  });

  it('says what a model cannot know about each parameter it flags', () => {
    const f = first([tool({ name: 'tag_release', description: 'Tags a release.', inputSchema: schema({ flavour: { type: 'string' }, mode: { type: 'integer' } }) })]).findings.find((x) => x.code === 'param_no_description')!;
    expect(f.severity).toBe('required');
    expect(f.message).toBe('parameters without description: flavour (a string: nothing says what it holds or which value to pick); mode (an integer: nothing says what it holds or which value to pick)');
  });
});

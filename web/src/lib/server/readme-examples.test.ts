import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { curlExamples } from './readme-examples';

describe('the README’s curl examples', () => {
  it('are the fenced blocks that run curl, under their headings, with the site’s address', () => {
    const md = '# A\n\n```sh\necho hi\n```\n\n## Save\n\n```sh\ncurl -s http://127.0.0.1:3000/v1/keys\n```\n\n```yaml\n- run: curl https://toolmark.example.com/v1/x\n```\n';
    expect(curlExamples(md, 'https://board.example.org')).toEqual([
      { heading: 'Save', lang: 'sh', code: 'curl -s https://board.example.org/v1/keys' },
      { heading: 'Save', lang: 'yaml', code: '- run: curl https://board.example.org/v1/x' },
    ]);
  });

  it('finds the registration, management and CI recipes in the real README', () => {
    const examples = curlExamples(readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8'));
    const all = examples.map((e) => e.code).join('\n');
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const call of ['/v1/keys', '/v1/servers', '-X PATCH', '/capture', '/lint?label=']) expect(all).toContain(call);
  });
});

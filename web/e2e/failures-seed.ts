// Failure reports for the e2e run: three more organisations with agent keys report on the hostile demo
// server (the operator's) through the service's /mcp endpoint (report_failure, plain JSON-RPC as in the
// README), one of them with a hostile utterance. A report naming a hostile tool cannot be posted (tools must
// exist on the server, and no server may have such a name), so those are stored through the repository the
// tool uses: the page must show any stored name inert all the same.
import { findLiveKey, storeFailureReport, type Database } from '@toolmark/db';
import { FAILURE_UTTERANCE, HOSTILE_TOOL_NAME } from './fixtures';

export async function seedFailures(base: string, adminKey: string, db: Database, serverId: string, surfaceHash: string): Promise<void> {
  const auth = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
  const agents: { id: string; organisationId: string; key: string }[] = [];
  for (const slug of ['kb-one', 'kb-two', 'kb-three']) {
    const org = await fetch(`${base}/v1/organisations`, { method: 'POST', headers: auth, body: JSON.stringify({ name: slug, slug }) });
    if (org.status !== 201) throw new Error(`e2e setup: organisation answered ${org.status}: ${await org.text()}`);
    const theirs = { authorization: `Bearer ${((await org.json()) as { key: string }).key}`, 'content-type': 'application/json' };
    const made = await fetch(`${base}/v1/keys`, { method: 'POST', headers: theirs, body: JSON.stringify({ purpose: 'agent', name: 'e2e agent' }) });
    const plain = ((await made.json()) as { key: string }).key;
    const key = await findLiveKey(db, plain);
    if (!key) throw new Error('e2e setup: the agent key was not stored');
    agents.push({ id: key.id, organisationId: key.organisationId, key: plain });
  }
  const at = new Date();
  const report = (agent: { id: string; organisationId: string }, r: { toolCalled: string | null; expectedTool: string | null; kind: 'wrong_tool' }) =>
    storeFailureReport(db, { serverId, surfaceHash, model: 'e2e/model', utterance: null, apiKeyId: agent.id, organisationId: agent.organisationId, ...r }, at);
  const post = async (agent: { key: string }, args: Record<string, unknown>) => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'report_failure', arguments: { server: serverId, model: 'e2e/model', ...args } } }),
    });
    const answer = (await res.json()) as { result?: { isError?: boolean; content: { text: string }[] } };
    if (!answer.result || answer.result.isError) throw new Error(`e2e setup: report_failure answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  };
  for (const agent of agents) {
    await post(agent, { toolCalled: 'read_notes', expectedTool: 'list_notes', kind: 'wrong_tool' });
    await report(agent, { toolCalled: HOSTILE_TOOL_NAME, expectedTool: 'read_notes', kind: 'wrong_tool' });
  }
  await post(agents[0]!, { expectedTool: 'read_notes', kind: 'no_call_when_one_fitted', utterance: FAILURE_UTTERANCE });
}

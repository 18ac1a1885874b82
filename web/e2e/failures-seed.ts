// Failure reports for the e2e run: three more organisations with agent keys report on the hostile demo
// server (the operator's), with hostile tool names and a hostile utterance. Stored through the
// repository the report_failure tool uses (the /mcp endpoint that carries it is tested in server/test/mcp).
import { findLiveKey, storeFailureReport, type Database } from '@toolmark/db';
import { FAILURE_UTTERANCE, HOSTILE_TOOL_NAME } from './fixtures';

export async function seedFailures(base: string, adminKey: string, db: Database, serverId: string, surfaceHash: string): Promise<void> {
  const auth = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
  const agents: { id: string; organisationId: string }[] = [];
  for (const slug of ['kb-one', 'kb-two', 'kb-three']) {
    const org = await fetch(`${base}/v1/organisations`, { method: 'POST', headers: auth, body: JSON.stringify({ name: slug, slug }) });
    if (org.status !== 201) throw new Error(`e2e setup: organisation answered ${org.status}: ${await org.text()}`);
    const theirs = { authorization: `Bearer ${((await org.json()) as { key: string }).key}`, 'content-type': 'application/json' };
    const made = await fetch(`${base}/v1/keys`, { method: 'POST', headers: theirs, body: JSON.stringify({ purpose: 'agent', name: 'e2e agent' }) });
    const key = await findLiveKey(db, ((await made.json()) as { key: string }).key);
    if (!key) throw new Error('e2e setup: the agent key was not stored');
    agents.push({ id: key.id, organisationId: key.organisationId });
  }
  const at = new Date();
  const report = (agent: { id: string; organisationId: string }, r: { toolCalled: string | null; expectedTool: string | null; kind: 'wrong_tool' | 'no_call_when_one_fitted'; utterance?: string }) =>
    storeFailureReport(db, { serverId, surfaceHash, model: 'e2e/model', utterance: r.utterance ?? null, apiKeyId: agent.id, organisationId: agent.organisationId, ...r }, at);
  for (const agent of agents) {
    await report(agent, { toolCalled: 'read_notes', expectedTool: 'list_notes', kind: 'wrong_tool' });
    await report(agent, { toolCalled: HOSTILE_TOOL_NAME, expectedTool: 'read_notes', kind: 'wrong_tool' });
  }
  await report(agents[0]!, { toolCalled: null, expectedTool: 'read_notes', kind: 'no_call_when_one_fitted', utterance: FAILURE_UTTERANCE });
}

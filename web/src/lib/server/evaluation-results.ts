// The server page's evaluation results: from the API's list of the server's evaluations (newest first,
// GET /v1/servers/{id}/evaluations), each model's newest finished run — its rates with counts and Wilson
// intervals, answered X / Y (incomplete below 95 %: never ranked), the settings and the case set it used —
// with links to the evaluation and its case browser. Names made visible here; the component renders text.
import type { Answer } from './api';
import { visibleName } from './visible';

type Evaluations = Answer<'GET /v1/servers/{id}/evaluations'>;

/** One model's newest finished result on the server. */
export interface EvaluationResult {
  evaluationId: string;
  runId: string;
  model: { id: string; label: string; baseline: boolean };
  selectionAcc: Rate;
  argValidity: Rate;
  falseCallRate: Rate;
  answeredTrials: number;
  trials: number;
  complete: boolean;
  versionSeq: number;
  finishedAt: string | null;
  settings: { language: string; casesPerTool: number; repeats: number; distractors: string[]; generator: string };
  caseSet: { hash: string; source: string } | null;
}

interface Rate {
  numerator: number;
  denominator: number;
  value: number | null;
  ci95: [number, number] | null;
}

/** Each model's newest done run on the server (models in the order they first appear, newest evaluation first). */
export function evaluationResults(list: Evaluations): EvaluationResult[] {
  const seen = new Set<string>();
  const out: EvaluationResult[] = [];
  for (const e of list.items) {
    for (const r of e.runs) {
      if (r.status !== 'done' || r.selectionAcc === null || r.argValidity === null || r.falseCallRate === null || seen.has(r.model)) continue;
      seen.add(r.model);
      out.push({
        evaluationId: e.id,
        runId: r.id,
        model: { id: r.model, label: visibleName(r.label), baseline: r.baseline },
        selectionAcc: r.selectionAcc,
        argValidity: r.argValidity,
        falseCallRate: r.falseCallRate,
        answeredTrials: r.answeredTrials,
        trials: r.trials,
        complete: r.complete === true,
        versionSeq: e.server.versionSeq,
        finishedAt: e.finishedAt === null ? null : String(e.finishedAt),
        settings: { language: e.settings.language, casesPerTool: e.settings.casesPerTool, repeats: e.settings.repeats, distractors: [...e.settings.distractors], generator: e.settings.generator },
        caseSet: e.caseSet,
      });
    }
  }
  return out;
}

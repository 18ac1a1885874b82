// When a run's numbers may be ranked: one definition for every board, page and API answer. A trial that
// produced no model answer (a provider error, or never sent because the run stopped) is left out of every
// rate, so a run that lost many answers reports rates over a subset the provider chose, not the case set.
import { compareShare } from './thresholds.js';

/**
 * The least share of a run's planned trials that must have a model answer for the run to be ranked:
 * 95 %. Below it the run is shown as incomplete, with "answered X / Y", and never given a rank.
 */
export const MIN_ANSWERED_SHARE = 0.95;

/** How much of a run was answered: trials with a model answer (truncations count: the model did answer) of the trials planned. */
export interface Answered {
  answered: number;
  planned: number;
}

/** Whether a run with `answered` of `planned` trials answered may be ranked (exact integer comparison; nothing planned is never complete). */
export function isComplete(a: Answered, minShare: number = MIN_ANSWERED_SHARE): boolean {
  return a.planned > 0 && a.answered <= a.planned && compareShare(a.answered, a.planned, minShare) >= 0;
}

/** The answered counts of a finished run from its metrics: every planned trial has a record, provider errors are the unanswered ones. */
export function answeredOf(m: { trials: number; errors: number }, planned: number = m.trials): Answered {
  return { answered: Math.max(0, m.trials - m.errors), planned };
}

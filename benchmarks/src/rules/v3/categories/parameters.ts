import type { Category } from '../../types.js';
import { missingRequired } from '../../v2/signals.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';
import { paramGapsV3 } from '../findings/param-no-description.js';
import { guidesValueV3, schemaRoot } from '../values.js';

/**
 * Parameters (25), as v2 — described or evident (10), free-text strings guided (7), `required` (4),
 * `additionalProperties: false` (4) — with v3's definitions: "described or evident" is
 * `param_no_description`'s (findings/param-no-description.ts: an evident name, an evident wrapper, a
 * parameter the tool's description explains), and a string is guided by a constraint or a *good* example
 * (values.ts: a placeholder such as `["string"]` guides nothing).
 */
export const parameters: Category<ToolFactsV3, ContextV3> = {
  id: 'parameters',
  max: 25,
  score(t) {
    const broken = t.schemaProblems.find((p) => p.field.endsWith('.properties'));
    if (broken !== undefined && t.params.length === 0) return { points: 0, max: 25, notes: [`${broken.problem}: no parameter can be read (+0)`] };
    if (t.params.length === 0) return { points: 25, max: 25, notes: ['no parameters: nothing to describe (+25)'] };
    const root = schemaRoot(t.tool.inputSchema);
    const notes: string[] = [];
    const described = paramGapsV3(t).describedOrEvident;
    const strings = t.params.filter((p) => p.isString);
    const guided = strings.filter((p) => guidesValueV3(p, root)).length;
    const descPoints = (10 * described) / t.params.length;
    const strPoints = strings.length === 0 ? 7 : (7 * guided) / strings.length;
    notes.push(`${described}/${t.params.length} parameters described or evident (+${descPoints.toFixed(1)})`);
    notes.push(strings.length === 0 ? 'no string parameters (+7)' : `${guided}/${strings.length} string parameters constrained or exemplified (+${strPoints.toFixed(1)})`);
    let points = descPoints + strPoints;
    const missing = missingRequired(t);
    if (missing.length === 0) {
      points += 4;
      notes.push(t.required !== undefined && t.required.length > 0 ? 'required list present (+4)' : 'no parameter looks required (+4)');
    } else notes.push(`${missing.join(', ')} ${missing.length === 1 ? 'looks' : 'look'} required but ${missing.length === 1 ? 'is' : 'are'} not listed (+0)`);
    if (t.additionalPropertiesFalse) {
      points += 4;
      notes.push('additionalProperties is false (+4)');
    } else notes.push('additionalProperties is not false (+0)');
    return { points: Math.round(points), max: 25, notes };
  },
};

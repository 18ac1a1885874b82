import type { Category } from '../../types.js';
import { guidesValue, type ToolContext, type ToolFacts } from '../facts.js';
import { paramDescriptionGaps } from '../findings/param-no-description.js';
import { missingRequired } from '../signals.js';

/**
 * Parameters (25): share of parameters described or evident without a description (10; the same
 * definition as `param_no_description`: a name such as `path`, an enum, described fields or items; a
 * pasted tool description is none), share of free-text string parameters with a
 * constraint or example (7), `required` lists what looks required (4), `additionalProperties: false` (4).
 * No parameters: 25. `properties` that is not an object: 0 (the model sees no parameter at all).
 */
export const parameters: Category<ToolFacts, ToolContext> = {
  id: 'parameters',
  max: 25,
  score(t) {
    const broken = t.schemaProblems.find((p) => p.field.endsWith('.properties'));
    if (broken !== undefined && t.params.length === 0) return { points: 0, max: 25, notes: [`${broken.problem}: no parameter can be read (+0)`] };
    if (t.params.length === 0) return { points: 25, max: 25, notes: ['no parameters: nothing to describe (+25)'] };
    const notes: string[] = [];
    const described = paramDescriptionGaps(t).describedOrEvident;
    const strings = t.params.filter((p) => p.isString);
    const constrained = strings.filter(guidesValue).length;
    const descPoints = (10 * described) / t.params.length;
    const strPoints = strings.length === 0 ? 7 : (7 * constrained) / strings.length;
    notes.push(`${described}/${t.params.length} parameters described or evident (+${descPoints.toFixed(1)})`);
    notes.push(
      strings.length === 0
        ? 'no string parameters (+7)'
        : `${constrained}/${strings.length} string parameters constrained or exemplified (+${strPoints.toFixed(1)})`,
    );
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

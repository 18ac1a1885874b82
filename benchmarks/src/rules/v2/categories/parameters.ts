import type { Category } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/**
 * Parameters (25): share of described parameters (10), share of string parameters with a constraint or
 * example (7), a non-empty `required` list (4), `additionalProperties: false` (4). No parameters: 25.
 */
export const parameters: Category<ToolFacts, ToolContext> = {
  id: 'parameters',
  max: 25,
  score(t) {
    if (t.params.length === 0) return { points: 25, max: 25, notes: ['no parameters: nothing to describe (+25)'] };
    const notes: string[] = [];
    const described = t.params.filter((p) => p.description !== undefined).length;
    const strings = t.params.filter((p) => p.isString);
    const constrained = strings.filter((p) => p.constrained).length;
    const descPoints = (10 * described) / t.params.length;
    const strPoints = strings.length === 0 ? 7 : (7 * constrained) / strings.length;
    notes.push(`${described}/${t.params.length} parameters described (+${descPoints.toFixed(1)})`);
    notes.push(
      strings.length === 0
        ? 'no string parameters (+7)'
        : `${constrained}/${strings.length} string parameters constrained or exemplified (+${strPoints.toFixed(1)})`,
    );
    let points = descPoints + strPoints;
    if (t.required !== undefined && t.required.length > 0) {
      points += 4;
      notes.push('required list present (+4)');
    } else notes.push('no required list (+0)');
    if (t.additionalPropertiesFalse) {
      points += 4;
      notes.push('additionalProperties is false (+4)');
    } else notes.push('additionalProperties is not false (+0)');
    return { points: Math.round(points), max: 25, notes };
  },
};

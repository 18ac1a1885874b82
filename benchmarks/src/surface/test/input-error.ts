import { expect } from 'vitest';
import { InputError } from '../../errors.js';

/** The InputError thrown by `fn` (fails the test when nothing or something else is thrown). */
export function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an InputError, nothing was thrown');
}

import type { RequestEvent } from '@sveltejs/kit';
import type { Caller } from './api';

/** The API caller of a request: the visitor's address and the signed-in key, if any. */
export const callerOf = (event: Pick<RequestEvent, 'locals'>, signedIn = true): Caller => ({
  clientAddress: event.locals.clientAddress,
  key: signedIn ? event.locals.session?.key : undefined,
});

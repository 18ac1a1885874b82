// Queue `deliver-webhook`: send one watch event to one webhook. The body is the Standard Webhooks envelope
// `{ type, timestamp, data }`, signed (pipelines/webhook-signature.ts) with the delivery id as `webhook-id`,
// so a receiver can deduplicate a retry. The URL is held to the capture's SSRF policy twice: when the
// subscription is created (the API) and here, on the address the socket connects to (the network guard:
// no private, loopback or metadata address unless the operator allows private ones; redirects not
// followed, an answer of at most 64 KiB, 10 s per attempt). A 2xx answer is delivered; anything else
// (another status, a refused address, a timeout) is recorded on the delivery — status, attempts, response
// code, error — and thrown, so pg-boss retries with exponential backoff (QUEUE_SETTINGS); the last attempt
// records `failed` and completes.
import { DeliverWebhookJobSchema } from '@toolmark/benchmarks';
import { deliveryToSend, recordDeliveryAttempt, type Database } from '@toolmark/db';
import { CaptureError } from '../capture/errors.js';
import { guardedFetch } from '../capture/guarded-fetch.js';
import { networkGuard } from '../capture/network-guard.js';
import { signWebhook } from '../pipelines/webhook-signature.js';
import type { JobLog } from './boss.js';

/** What the handler needs. */
export interface DeliverWebhookDeps {
  db: Database;
  log: JobLog;
  /** TOOLMARK_ALLOW_PRIVATE_URLS: webhooks may reach loopback and private networks (metadata never). */
  allowPrivateUrls: boolean;
  now?: () => Date;
}

/** Which attempt this is (pg-boss job metadata). */
export interface DeliveryAttempt {
  retryCount: number;
  retryLimit: number;
}

/** What one job did (kept by pg-boss as the job's output). */
export interface DeliverWebhookOutcome {
  deliveryId: string;
  status: 'delivered' | 'failed' | 'skipped';
  responseCode: number | null;
  reason?: string;
}

/** An attempt that did not deliver: thrown for pg-boss to retry. */
class DeliveryFailed extends Error {}

/** The body of a delivery: the event in the Standard Webhooks envelope. */
export function webhookBody(event: { kind: string; createdAt: Date; id: string; title: string; payload: unknown }): string {
  return JSON.stringify({ type: event.kind, timestamp: event.createdAt.toISOString(), data: { eventId: event.id, title: event.title, ...(event.payload as object) } });
}

/** Send the delivery named in the job. */
export async function deliverWebhook(deps: DeliverWebhookDeps, data: unknown, attempt: DeliveryAttempt = { retryCount: 0, retryLimit: 0 }): Promise<DeliverWebhookOutcome> {
  const job = DeliverWebhookJobSchema.parse(data);
  const now = deps.now ?? (() => new Date());
  const found = await deliveryToSend(deps.db, job.deliveryId);
  if (!found) return { deliveryId: job.deliveryId, status: 'skipped', responseCode: null, reason: 'missing' };
  const { delivery, subscription, event, server } = found;
  if (delivery.status === 'delivered') return { deliveryId: delivery.id, status: 'skipped', responseCode: delivery.responseCode, reason: 'already delivered' };
  // A subscription ended, or a server that turned private for another organisation, receives nothing more.
  const mayReceive = subscription.deletedAt === null && server.deletedAt === null && (server.public || server.organisationId === subscription.organisationId);
  if (!mayReceive) {
    await recordDeliveryAttempt(deps.db, delivery.id, { status: 'cancelled', responseCode: null, error: 'the subscription ended or the server is no longer visible to its organisation', at: now() });
    return { deliveryId: delivery.id, status: 'skipped', responseCode: null, reason: 'cancelled' };
  }
  const body = webhookBody(event);
  const headers = signWebhook(subscription.secret, delivery.id, now(), body);
  let responseCode: number | null = null;
  let error: string | null = null;
  try {
    const url = new URL(subscription.url);
    const guard = networkGuard({ allowPrivate: deps.allowPrivateUrls, connectTimeoutMs: 5_000, timeoutMs: 10_000, maxResponseBytes: 64 * 1024 });
    const { fetch } = guardedFetch(url, undefined, guard.fetch);
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'toolmark-webhooks/1', ...headers }, body });
    responseCode = response.status;
    await response.text().catch(() => '');
    if (response.status < 200 || response.status > 299) error = `the webhook answered ${response.status}`;
  } catch (caught) {
    error = caught instanceof CaptureError ? `${caught.code}: ${caught.message}` : caught instanceof Error ? caught.message : String(caught);
  }
  const at = now();
  if (error === null) {
    await recordDeliveryAttempt(deps.db, delivery.id, { status: 'delivered', responseCode, error: null, at });
    deps.log.info({ queue: 'deliver-webhook', deliveryId: delivery.id, kind: event.kind, status: responseCode }, 'webhook delivered');
    return { deliveryId: delivery.id, status: 'delivered', responseCode };
  }
  const last = attempt.retryCount >= attempt.retryLimit;
  await recordDeliveryAttempt(deps.db, delivery.id, { status: last ? 'failed' : 'retrying', responseCode, error: error.slice(0, 500), at });
  deps.log.warn({ queue: 'deliver-webhook', deliveryId: delivery.id, kind: event.kind, status: responseCode, willRetry: !last }, `webhook not delivered: ${error}`);
  if (!last) throw new DeliveryFailed(error);
  return { deliveryId: delivery.id, status: 'failed', responseCode, reason: error };
}

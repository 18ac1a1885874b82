// What `datasets verify` asks an instance over HTTP: a GET whose failure to connect, or whose answer other
// than 200, is a DownloadError (exit 2).
import { ToolmarkError } from '@toolmark/benchmarks';

/** A release that could not be fetched: the site unreachable, or an answer other than 200. */
export class DownloadError extends ToolmarkError<'download_failed', { url: string; status: number | null }> {
  override readonly name = 'DownloadError';
}

/** GET a URL, a failure to connect as a DownloadError. */
export async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (e) {
    throw new DownloadError('download_failed', `GET ${url} failed: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}`, { url, status: null });
  }
}

/** GET a URL's JSON; an answer other than 200 is a DownloadError. */
export async function getJson(url: string): Promise<unknown> {
  const res = await get(url);
  if (res.status !== 200) throw new DownloadError('download_failed', `GET ${url} answered ${res.status}`, { url, status: res.status });
  return res.json();
}

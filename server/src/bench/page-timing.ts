// What the site benches share: the time of one page request from 127.0.0.1 (status 200 or the bench stops),
// and percentiles of sorted samples.

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Milliseconds to fetch `url` and read its whole body; anything but 200 ends the bench with the answer. */
export async function time(url: string, headers: Record<string, string> = {}): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return ms;
}

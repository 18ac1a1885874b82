// HTTP Range of one file (RFC 9110 §14): `bytes=a-b`, `bytes=a-` and `bytes=-n`, one range. Several ranges
// are answered with the whole file (a server may ignore Range), a range that starts past the end is 416,
// anything that is not a bytes range is ignored. `If-Range` with an ETag other than the file's: the whole file.

/** What to send for a Range header. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/** The part of a file of `size` bytes a Range header asks for. */
export function byteRange(header: string | undefined, size: number, ifRange?: string, etag?: string): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  if (ifRange !== undefined && ifRange !== etag) return { kind: 'whole' };
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!m) return { kind: 'whole' };
  const [, a, b] = m as unknown as [string, string, string];
  if (a === '' && b === '') return { kind: 'whole' };
  if (a === '') {
    const n = Number(b);
    if (n === 0) return { kind: 'unsatisfiable' };
    return size === 0 ? { kind: 'unsatisfiable' } : { kind: 'part', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (b !== '' && Number(b) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}

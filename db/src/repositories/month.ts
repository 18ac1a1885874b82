/** The UTC month of `at` as the first day, `YYYY-MM-01` (the key of a month's usage). */
export function utcMonth(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

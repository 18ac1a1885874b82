import type { Band } from '../contracts/lint-result.js';

const SYMBOLS: Record<Band, string> = { sunny: '☀', cloudy: '☁', rain: '☂' };

/** The weather symbol of a band: ☀ sunny, ☁ cloudy, ☂ rain (text presentation, one column wide). */
export function bandSymbol(band: Band): string {
  return SYMBOLS[band];
}

/** Symbol and word together (`☀ sunny`), so the band never rests on a symbol or a colour alone. */
export function bandLabel(band: Band): string {
  return `${SYMBOLS[band]} ${band}`;
}

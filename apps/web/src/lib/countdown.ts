import type { TFunction } from 'i18next';

/** An auction's time left in days, hours, minutes and seconds (the `countdown` text's values). */
export function splitDuration(ms: number) {
  const s = Math.floor(ms / 1000);
  return { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600), m: Math.floor((s % 3600) / 60), s: s % 60 };
}

/**
 * A translated countdown ("2d 17h 42m 41s", "2 T. 17 Std. 42 Min. 41 Sek.") with each number tied to
 * its unit by a no-break space: a narrow column or a phone wraps the clock between units, never
 * between "17" and "Std.", and never pushes the page wider than the window.
 */
export function countdownText(text: string): string {
  return text.replace(/(\d) (?=\S)/g, '$1\u00a0');
}

/**
 * The countdown of an auction in the reader's language: days only while there is at least one
 * ("2d 17h 42m 41s", then "11h 55m 37s"), "0h 0m 0s" once over (spec: it shows zero when over).
 */
export function countdownLabel(t: TFunction, ms: number): string {
  const parts = splitDuration(Math.max(0, ms));
  return countdownText(t(parts.d > 0 ? 'auctions:countdown' : 'auctions:countdownHours', parts));
}

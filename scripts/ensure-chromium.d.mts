/** Path of a Chromium for the end-to-end tests, if one is on the machine. */
export function findChromium(): string | undefined;

/** Path of a Chromium for the end-to-end tests, if one is on the machine. */
export function findChromium(): string | undefined;
/** The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's headless shell, else findChromium(). */
export function findTestChromium(): string | undefined;

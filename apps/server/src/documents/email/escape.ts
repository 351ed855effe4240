/** Text put into HTML: every markup character escaped, so a name or caliber cannot add markup. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Text put into a header (subject, display name): control characters, CR and LF included, become
 * spaces, so no value can end the header and start another. nodemailer encodes what is left.
 */
export const headerSafe = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not pass
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** One plain address: no display name, no spaces, no control characters, no second address. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must not pass
export const isPlainAddress = (s: string) => /^[^\s@<>,;"()\u0000-\u001f\u007f]+@[^\s@<>,;"()\u0000-\u001f\u007f]+$/.test(s) && s.length <= 254;

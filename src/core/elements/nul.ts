/**
 * U+0000 (NUL) in text that is stored. PostgreSQL's text and jsonb types cannot hold it (a `text` value
 * with one is refused with SQLSTATE 22021, a jsonb string with "\u0000" with 22P05), so a NUL in a name, a
 * reason or an echoed field would fail the whole write. Readers reject the record that carries one, and
 * echo text into their reasons only through `showNul`.
 */

export const NUL = '\u0000';

/** The reason every reader gives: the record is refused, not cleaned, since a NUL means a binary file or a broken export. */
export const NUL_REASON = 'contains a NUL character (U+0000)';

export function hasNul(text: string): boolean {
  return text.includes(NUL);
}

/** `text` with each NUL written as the visible escape \0, for messages that quote input. */
export function showNul(text: string): string {
  return text.replaceAll(NUL, '\\0');
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (only a JSON \uD800-style escape makes one). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` as it can be stored in jsonb: NULs shown as \0, and unpaired surrogates (which a JSON file's
 * `\ud800` escape yields, and which jsonb refuses as invalid Unicode) replaced by U+FFFD, as a UTF-8 decoder does.
 */
export function storableText(text: string): string {
  return showNul(text).replace(LONE_SURROGATE, '\uFFFD');
}

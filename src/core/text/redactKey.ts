const REDACTED = '[redacted]';

/** Percent-encodes everything outside the unreserved set, so that URL parsers leave the text untouched. */
export function encodeStrict(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The forms in which a key can turn up in text: as typed, and as the different URL encoders write it. */
function keyForms(key: string): string[] {
  if (key === '') return [];
  const strict = encodeStrict(key);
  const forms = new Set([
    key,
    strict,
    strict.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    encodeURIComponent(key),
    new URLSearchParams({ k: key }).toString().slice(2),
    JSON.stringify(key).slice(1, -1),
  ]);
  // Longest first, so that a form containing another is replaced whole.
  return [...forms].filter((form) => form !== '').sort((a, b) => b.length - a.length);
}

const PARAMETER = /(_apikey(?:=|%3D))(?!\[redacted\])[^&\s"'<>#),;\]]*/gi;
/** Text that is never part of a key worth hiding, kept whole so a short key cannot mangle it. */
const KEPT = /(_apikey|\[redacted\])/i;

/**
 * Removes the API key from text meant for people: the value of any `_apikey=` query parameter
 * whatever key it carries, then the key itself and its URL-encoded forms anywhere else.
 */
export function redactKey(text: string, key: string): string {
  const forms = keyForms(key);
  const hide = (part: string) => forms.reduce((result, form) => result.split(form).join(REDACTED), part);
  const withoutParameter = text.replace(PARAMETER, `$1${REDACTED}`);
  if (forms.some((form) => KEPT.test(form))) return hide(withoutParameter);
  return withoutParameter
    .split(KEPT)
    .map((part, index) => (index % 2 === 1 ? part : hide(part)))
    .join('');
}

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

/**
 * Removes the API key from text meant for people: the key itself, its URL-encoded forms, and the
 * value of any `_apikey=` query parameter whatever key it carries.
 */
export function redactKey(text: string, key: string): string {
  let result = text;
  for (const form of keyForms(key)) result = result.split(form).join(REDACTED);
  return result.replace(/(_apikey(?:=|%3D))(?!\[redacted\])[^&\s"'<>#)\]]*/gi, `$1${REDACTED}`);
}

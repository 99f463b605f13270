import { parseLossless, isJsonObject } from '../core/json/lossless';

const MAX_LENGTH = 500;

/** Scrubs before the cut (and again after collapsing whitespace): a cut through the key would leave a prefix that no scrub finds. */
function shortenScrubbed(text: string, scrub: (text: string) => string): string {
  const collapsed = scrub(scrub(text).replace(/\s+/g, ' ').trim());
  return collapsed.length > MAX_LENGTH ? `${collapsed.slice(0, MAX_LENGTH - 1)}…` : collapsed;
}

/**
 * What the service said in an error body: the `error` member of `{"error": "…"}`, or the text of a
 * plain-text (or HTML) body. Undefined when the body says nothing readable. `scrub` (the key
 * redaction) runs before the text is cut to length.
 */
export function serviceMessageOf(
  body: string,
  contentType: string | null,
  scrub: (text: string) => string = (text) => text,
): string | undefined {
  const shorten = (text: string) => shortenScrubbed(text, scrub);
  if (body.trim() === '') return undefined;
  try {
    const value = parseLossless(body);
    if (typeof value === 'string') return shorten(value) || undefined;
    if (isJsonObject(value)) {
      for (const member of ['error', 'message', 'errmsg']) {
        const text = value[member];
        if (typeof text === 'string' && text.trim() !== '') return shorten(text);
      }
    }
    return shorten(body);
  } catch {
    const text = /html/i.test(contentType ?? '') ? body.replace(/<(script|style)[^]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ') : body;
    return shorten(text) || undefined;
  }
}

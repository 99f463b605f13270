import { parseLossless, isJsonObject } from '../core/json/lossless';

const MAX_LENGTH = 500;

function shorten(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > MAX_LENGTH ? `${collapsed.slice(0, MAX_LENGTH - 1)}…` : collapsed;
}

/**
 * What the service said in an error body: the `error` member of `{"error": "…"}`, or the text of a
 * plain-text (or HTML) body. Undefined when the body says nothing readable.
 */
export function serviceMessageOf(body: string, contentType: string | null): string | undefined {
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

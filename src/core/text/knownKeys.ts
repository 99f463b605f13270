import { redactKey } from './redactKey';

/**
 * The API keys known to this window. Anything shown or logged is scrubbed of them, and of any `_apikey=`
 * query value, whatever produced the text. One instance lives in the extension's `Services` (through its
 * logger), so that every lazily loaded bundle scrubs with the same keys.
 */
export class KnownKeys {
  private readonly keys = new Set<string>();

  remember(key: string): void {
    if (key.length >= 4) this.keys.add(key);
  }

  forget(key: string): void {
    this.keys.delete(key);
  }

  /** The client's own scrubbing, for every known key: the key as typed and in each URL-encoded form. */
  redact(text: string): string {
    let result = redactKey(text, '');
    for (const key of this.keys) result = redactKey(result, key);
    return result;
  }
}

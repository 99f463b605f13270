import { redactKey } from '../../core/text/redactKey';

/**
 * Keys known to this window. Anything shown or logged is scrubbed of them, and of any `_apikey=`
 * query value, whatever produced the text.
 */
const knownSecrets = new Set<string>();

export function rememberSecret(secret: string): void {
  if (secret.length >= 4) knownSecrets.add(secret);
}

export function forgetSecret(secret: string): void {
  knownSecrets.delete(secret);
}

/** The client's own scrubbing, for every known key: the key as typed and in each URL-encoded form. */
export function redactSecrets(text: string): string {
  let result = redactKey(text, '');
  for (const secret of knownSecrets) result = redactKey(result, secret);
  return result;
}

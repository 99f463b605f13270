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

export function redactSecrets(text: string): string {
  let result = text.replace(/([?&]_apikey=)[^&#\s"']*/gi, '$1[redacted]');
  for (const secret of knownSecrets) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) result = result.split(form).join('[redacted]');
  }
  return result;
}

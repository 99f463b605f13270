/*
 * Random values from the Web Crypto API, which Node (20+) and browsers both have as `globalThis.crypto`, so
 * that the same code runs in the desktop extension host and in a browser's web worker.
 */

export function randomBytes(size: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(size));
}

export function randomUuid(): string {
  return globalThis.crypto.randomUUID();
}

/** A fresh nonce for a webview's Content-Security-Policy: 16 random bytes in base64. */
export function randomNonce(): string {
  return btoa(String.fromCharCode(...randomBytes(16)));
}

import type { AccountGuardrails } from '../../../core/guardrails/accountGuardrails';

/** What the extension keeps of an account outside SecretStorage. The key is never part of it. */
export interface Account extends AccountGuardrails {
  /** Stable, random, and the authority of `dbhost:` URIs. */
  id: string;
  label: string;
  baseUrl: string;
}

export function isLoopbackUrl(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/** An http address that leaves this machine would carry the key in clear. */
export function sendsKeyInClear(baseUrl: string): boolean {
  return baseUrl.trim().toLowerCase().startsWith('http:') && !isLoopbackUrl(baseUrl);
}

/**
 * The largest record an import reads, in characters of text: the service's document limit (16 MB). A longer
 * record is refused by its line and skipped without being kept, so a reader holds at most about this much.
 */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024;

export function recordTooLarge(cap: number): string {
  const size = cap >= 1024 * 1024 ? `${Math.round(cap / 1024 / 1024)} MB` : `${cap} characters`;
  return `the record is larger than ${size}, the service's document limit: it was skipped`;
}

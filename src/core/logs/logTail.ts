/** How many of the last lines read are remembered to find the place where the previous read ended. */
export const anchorLines = 100;

/** The lines of a log text; a final line break ends the last line rather than starting an empty one. */
export function splitLogLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function endsAt(lines: readonly string[], end: number, anchor: readonly string[]): boolean {
  if (end < anchor.length || end > lines.length) return false;
  for (let i = 1; i <= anchor.length; i++) if (lines[end - i] !== anchor[anchor.length - i]) return false;
  return true;
}

/**
 * Follows a log that is read whole again and again, telling which lines of each read were not shown
 * yet. The log may grow, be cut at the front (rotation, a size cap), both at once, repeat lines, or be
 * replaced altogether (a restarted server): lines are never shown twice while the reads overlap, and a
 * read that shares nothing with the previous one is shown whole.
 */
export class LogTail {
  /** The last lines of the previous read, at most {@link anchorLines}. */
  private anchor: string[] = [];
  /** How many lines the previous read had. */
  private previousLength = 0;

  /** The lines of `text` (the whole log as read now) that follow what earlier reads showed. */
  next(text: string): string[] {
    const lines = splitLogLines(text);
    const start = this.resumeAt(lines);
    this.anchor = lines.slice(-anchorLines);
    this.previousLength = lines.length;
    return lines.slice(start);
  }

  private resumeAt(lines: readonly string[]): number {
    const anchor = this.anchor;
    if (anchor.length === 0) return 0;
    // The log only grew: the previous read ends where it ended before.
    if (endsAt(lines, this.previousLength, anchor)) return this.previousLength;
    // Cut at the front (and maybe grown): the previous read ends further up; the latest such place wins.
    for (let end = Math.min(lines.length, this.previousLength - 1); end >= anchor.length; end--) {
      if (endsAt(lines, end, anchor)) return end;
    }
    // Cut past the remembered lines: the log now starts with the end of the previous read.
    for (let overlap = Math.min(anchor.length - 1, lines.length); overlap > 0; overlap--) {
      if (endsAt(lines, overlap, anchor.slice(anchor.length - overlap))) return overlap;
    }
    return 0;
  }
}

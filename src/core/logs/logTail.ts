/**
 * Which lines of a freshly fetched log were not shown yet.
 *
 * The service returns the whole current log each time. A tail remembers where the previous text
 * ended (its line count) and its last lines (the anchor), and finds that anchor in the new text:
 * - a log that grew: the anchor sits where the previous text ended; the lines after it are new,
 *   identical repeats included (the position, not the content, decides);
 * - a log cut at the front (rotation): the anchor, or the part of it that survived the cut, sits
 *   earlier; the latest such position is taken;
 * - a log replaced entirely (no overlap): every line is new and `restarted` says so.
 * The first text is shown whole.
 *
 * A last line without a newline is shown at once, since services often omit the final newline.
 * Should that line turn out to have been cut mid-write and grow later, it is shown again whole:
 * the reader sees the fragment and then the full line, and loses nothing.
 */

export interface LogTailUpdate {
  lines: string[];
  /** True when the new text shares nothing with the previous one, so a reader may mark the break. */
  restarted: boolean;
}

const DEFAULT_ANCHOR_LINES = 32;

export class LogTail {
  private anchor: string[] = [];
  private previousLineCount = 0;
  private lastLineUnterminated = false;

  constructor(private readonly anchorLines = DEFAULT_ANCHOR_LINES) {
    if (!Number.isInteger(anchorLines) || anchorLines < 1)
      throw new RangeError(`anchorLines must be a positive integer, got ${anchorLines}`);
  }

  /** The new lines of `text`, the whole current log. */
  take(text: string): LogTailUpdate {
    const { lines, terminated } = splitLines(text);
    let start = 0;
    let restarted = false;
    if (this.anchor.length > 0) {
      const resume = this.findResumePoint(lines);
      if (resume === undefined) restarted = lines.length > 0;
      else start = resume;
    }
    this.anchor = lines.slice(-this.anchorLines);
    this.previousLineCount = lines.length;
    this.lastLineUnterminated = lines.length > 0 && !terminated;
    return { lines: lines.slice(start), restarted };
  }

  /** Like {@link take}, for callers that only need the lines. */
  next(text: string): string[] {
    return this.take(text).lines;
  }

  /** The index of the first unseen line, or undefined when the anchor is nowhere in `lines`. */
  private findResumePoint(lines: string[]): number | undefined {
    for (let end = Math.min(lines.length, this.previousLineCount); end >= 1; end--) {
      const overlap = Math.min(end, this.anchor.length);
      if (end >= this.anchor.length || overlap === end) {
        const match = this.matchAnchorEndingAt(lines, end, overlap);
        if (match !== 'none') return match === 'lastLineGrew' ? end - 1 : end;
      }
    }
    return undefined;
  }

  /** Whether the last `overlap` anchor lines equal `lines[end - overlap, end)`. */
  private matchAnchorEndingAt(lines: string[], end: number, overlap: number): 'exact' | 'lastLineGrew' | 'none' {
    const anchorStart = this.anchor.length - overlap;
    const lineStart = end - overlap;
    for (let i = 0; i < overlap - 1; i++) {
      if (lines[lineStart + i] !== this.anchor[anchorStart + i]) return 'none';
    }
    const shownLast = this.anchor[this.anchor.length - 1];
    const nowLast = lines[end - 1];
    if (nowLast === shownLast) return 'exact';
    return this.lastLineUnterminated && nowLast.startsWith(shownLast) ? 'lastLineGrew' : 'none';
  }
}

function splitLines(text: string): { lines: string[]; terminated: boolean } {
  if (text === '') return { lines: [], terminated: true };
  const lines = text.split(/\r?\n/);
  const terminated = lines[lines.length - 1] === '';
  if (terminated) lines.pop();
  return { lines, terminated };
}

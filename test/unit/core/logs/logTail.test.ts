import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { anchorLines, LogTail, splitLogLines } from '../../../../src/core/logs/logTail';

const text = (lines: readonly string[]) => lines.map((line) => `${line}\n`).join('');
const numbered = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `Thu Jun 14 09:12:33.${from + i} [conn${from + i}] query shop.orders`);

describe('core/logs/logTail', () => {
  describe('splitLogLines', () => {
    it('ends the last line at a final line break and reads CRLF and CR breaks', () => {
      assert.deepEqual(splitLogLines(''), []);
      assert.deepEqual(splitLogLines('a\n'), ['a']);
      assert.deepEqual(splitLogLines('a\r\nb\rc'), ['a', 'b', 'c']);
      assert.deepEqual(splitLogLines('a\n\nb\n'), ['a', '', 'b']);
    });
  });

  it('shows the whole log first, then only the lines it grew by', () => {
    const tail = new LogTail();
    assert.deepEqual(tail.next(text(['a', 'b'])), ['a', 'b']);
    assert.deepEqual(tail.next(text(['a', 'b'])), []);
    assert.deepEqual(tail.next(text(['a', 'b', 'c', 'd'])), ['c', 'd']);
  });

  it('shows a line again when the log really repeats it', () => {
    const tail = new LogTail();
    assert.deepEqual(tail.next('x\nx\nx'), ['x', 'x', 'x']);
    assert.deepEqual(tail.next('x\nx\nx\nx'), ['x']);
    assert.deepEqual(tail.next('x\nx\nx\nx\ny\nx'), ['y', 'x']);
  });

  it('follows a log cut at the front while it grows', () => {
    const tail = new LogTail();
    tail.next(text(numbered(0, 50)));
    assert.deepEqual(tail.next(text(numbered(20, 60))), numbered(50, 60));
    assert.deepEqual(tail.next(text(numbered(60, 61))), numbered(60, 61), 'the log was cut right after the last line shown');
  });

  it('follows a log cut past the lines it remembers, as long as the reads overlap', () => {
    const tail = new LogTail();
    tail.next(text(numbered(0, anchorLines * 3)));
    const cut = anchorLines * 3 - 5;
    assert.deepEqual(tail.next(text(numbered(cut, anchorLines * 3 + 7))), numbered(anchorLines * 3, anchorLines * 3 + 7));
  });

  it('shows a replaced log (a restarted server) whole, and an emptied one as nothing', () => {
    const tail = new LogTail();
    tail.next(text(numbered(0, 10)));
    assert.deepEqual(tail.next(''), []);
    assert.deepEqual(tail.next(text(['restarted'])), ['restarted']);
    assert.deepEqual(tail.next(text(['other', 'lines'])), ['other', 'lines']);
  });

  it('shows every line of a growing, front-cut log exactly once whenever successive reads overlap', () => {
    // Reads are windows [start, end) of one endless log of distinct lines; both ends only move on.
    const reads = fc
      .array(fc.tuple(fc.nat(30), fc.nat(30)), { minLength: 1, maxLength: 25 })
      .map((steps) => {
        const windows: [number, number][] = [];
        let start = 0;
        let end = 0;
        for (const [grow, cut] of steps) {
          end += grow;
          start = Math.min(end - 1, start + cut);
          windows.push([Math.max(0, start), end]);
        }
        return windows;
      });
    fc.assert(
      fc.property(reads, (windows) => {
        const tail = new LogTail();
        const shown: string[] = [];
        let previousEnd = 0;
        let overlapping = true;
        // Only the first reads can be empty (the log had no line yet).
        const firstStart = windows.find(([start, end]) => end > start)?.[0] ?? 0;
        for (const [start, end] of windows) {
          if (start >= previousEnd && previousEnd > 0) overlapping = false;
          shown.push(...tail.next(text(numbered(start, end))));
          previousEnd = end;
        }
        fc.pre(overlapping);
        assert.deepEqual(shown, numbered(firstStart, windows[windows.length - 1][1]));
      }),
    );
  });
});

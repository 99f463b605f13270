import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { LogTail } from '../../../../src/core/logs/logTail';

const log = (...lines: string[]) => lines.map((line) => `${line}\n`).join('');

describe('core/logs/logTail', () => {
  it('shows the whole first log', () => {
    assert.deepEqual(new LogTail().take(log('a', 'b')), { lines: ['a', 'b'], restarted: false });
  });

  it('shows only the lines a growing log added', () => {
    const tail = new LogTail();
    tail.next(log('a', 'b'));
    assert.deepEqual(tail.next(log('a', 'b', 'c', 'd')), ['c', 'd']);
    assert.deepEqual(tail.next(log('a', 'b', 'c', 'd')), []);
    assert.deepEqual(tail.next(log('a', 'b', 'c', 'd', 'e')), ['e']);
  });

  it('shows genuinely new repeats of identical lines', () => {
    const tail = new LogTail(3);
    assert.deepEqual(tail.next(log('ping', 'ping', 'ping')), ['ping', 'ping', 'ping']);
    assert.deepEqual(tail.next(log('ping', 'ping', 'ping', 'ping', 'ping')), ['ping', 'ping']);
    assert.deepEqual(tail.next(log('ping', 'ping', 'ping', 'ping', 'ping')), []);
  });

  it('finds where it was in a log cut at the front', () => {
    const tail = new LogTail(2);
    tail.next(log('1', '2', '3', '4', '5'));
    assert.deepEqual(tail.take(log('4', '5', '6', '7')), { lines: ['6', '7'], restarted: false });
  });

  it('resumes when the cut reached into the last shown lines', () => {
    const tail = new LogTail(3);
    tail.next(log('1', '2', '3', '4', '5'));
    assert.deepEqual(tail.take(log('5', '6')), { lines: ['6'], restarted: false });
  });

  it('finds its place after rotation in a log with repeated lines by the anchor of several lines', () => {
    const tail = new LogTail(3);
    tail.next(log('conn', 'conn', 'query', 'conn', 'conn', 'insert', 'conn'));
    assert.deepEqual(tail.next(log('conn', 'insert', 'conn', 'conn', 'conn', 'query')), ['conn', 'conn', 'query']);
  });

  it('shows all of a log that was replaced and says so', () => {
    const tail = new LogTail();
    tail.next(log('old 1', 'old 2'));
    assert.deepEqual(tail.take(log('new 1', 'new 2', 'new 3')), { lines: ['new 1', 'new 2', 'new 3'], restarted: true });
    assert.deepEqual(tail.take(log('new 1', 'new 2', 'new 3', 'new 4')), { lines: ['new 4'], restarted: false });
  });

  it('handles an empty log: nothing to show, and a log that starts over after it is shown whole', () => {
    const tail = new LogTail();
    assert.deepEqual(tail.take(''), { lines: [], restarted: false });
    tail.next(log('a'));
    assert.deepEqual(tail.take(''), { lines: [], restarted: false });
    assert.deepEqual(tail.take(log('a', 'b')), { lines: ['a', 'b'], restarted: false });
  });

  it('keeps empty lines and accepts CRLF', () => {
    const tail = new LogTail();
    assert.deepEqual(tail.next('a\r\n\r\nb\r\n'), ['a', '', 'b']);
    assert.deepEqual(tail.next('a\r\n\r\nb\r\nc\r\n'), ['c']);
  });

  it('shows a last line without newline at once and not again when its newline arrives', () => {
    const tail = new LogTail();
    assert.deepEqual(tail.next('a\nb'), ['a', 'b']);
    assert.deepEqual(tail.next('a\nb\n'), []);
    assert.deepEqual(tail.next('a\nb\nc'), ['c']);
    assert.deepEqual(tail.next('a\nb\nc\nd'), ['d']);
  });

  it('shows a last line that was cut mid-write again whole once it is complete', () => {
    const tail = new LogTail();
    assert.deepEqual(tail.next('a\nconn acc'), ['a', 'conn acc']);
    assert.deepEqual(tail.next('a\nconn accepted\nb\n'), ['conn accepted', 'b']);
  });

  it('refuses a useless anchor size', () => {
    assert.throws(() => new LogTail(0), RangeError);
  });

  describe('properties', () => {
    const repetitiveLines = fc.array(fc.constantFrom('ping', 'ping', 'conn', 'query x', ''), { minLength: 1, maxLength: 200 });

    it('feeding growing prefixes cut at line ends emits every line exactly once, in order', () => {
      fc.assert(
        fc.property(repetitiveLines, fc.array(fc.nat(), { maxLength: 30 }), fc.boolean(), (lines, cuts, withFinalNewline) => {
          const ends = [...new Set(cuts.map((cut) => cut % (lines.length + 1)))].sort((a, b) => a - b);
          const tail = new LogTail(4);
          const shown: string[] = [];
          const fullText = lines.join('\n') + (withFinalNewline || lines[lines.length - 1] === '' ? '\n' : '');
          for (const end of [...ends, lines.length]) {
            const text = end === lines.length ? fullText : lines.slice(0, end).join('\n') + (end % 2 === 0 && end > 0 ? '\n' : '');
            shown.push(...tail.next(text));
            shown.push(...tail.next(text));
          }
          assert.deepEqual(shown, lines);
        }),
        { numRuns: 500 },
      );
    });

    it('feeding prefixes cut anywhere, mid-line too, loses no line and only repeats a fragment as its whole line', () => {
      const prefixFree = fc.array(fc.constantFrom('alpha', 'beta', 'gamma', 'beta'), { minLength: 1, maxLength: 100 });
      fc.assert(
        fc.property(prefixFree, fc.array(fc.nat(), { maxLength: 30 }), (lines, cuts) => {
          const text = lines.join('\n') + '\n';
          const ends = [...new Set(cuts.map((cut) => cut % text.length))].sort((a, b) => a - b);
          const tail = new LogTail(4);
          const shown: string[] = [];
          for (const end of [...ends, text.length]) shown.push(...tail.next(text.slice(0, end)));
          const withoutFragments = shown.filter(
            (line, i) => !(i + 1 < shown.length && shown[i + 1] !== line && shown[i + 1].startsWith(line)),
          );
          assert.deepEqual(withoutFragments, lines);
        }),
        { numRuns: 500 },
      );
    });

    it('a log rotated between fetches (front cut, lines added) emits every line exactly once', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 300 }),
          fc.array(fc.record({ cut: fc.nat({ max: 40 }), added: fc.nat({ max: 40 }) }), { maxLength: 20 }),
          (initial, steps) => {
            const all = Array.from({ length: initial + steps.reduce((sum, step) => sum + step.added, 0) }, (_, i) => `line ${i}`);
            const tail = new LogTail(4);
            let start = 0;
            let end = initial;
            const shown = tail.next(all.slice(start, end).join('\n'));
            for (const step of steps) {
              end += step.added;
              start = Math.min(start + step.cut, end - step.added - 1 >= start ? end - step.added - 1 : start);
              shown.push(...tail.next(all.slice(start, end).join('\n')));
            }
            assert.deepEqual(shown, all.slice(0, end));
          },
        ),
        { numRuns: 500 },
      );
    });
  });
});

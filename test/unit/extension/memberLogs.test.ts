import * as assert from 'node:assert/strict';
import { MemberLogs } from '../../../src/core/logs/memberLogs';

const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`).join('\n');

describe('MemberLogs: where a tail starts', () => {
  it('shows only the last lines of a log seen for the first time, counting the rest, then every new line', () => {
    const logs = new MemberLogs();
    assert.deepEqual(logs.take([{ member: 'a:1', log: lines(1, 10) }], 3), { lines: ['line 8', 'line 9', 'line 10'], skipped: 7 });
    assert.deepEqual(logs.take([{ member: 'a:1', log: lines(1, 15) }], 3), {
      lines: ['line 11', 'line 12', 'line 13', 'line 14', 'line 15'],
      skipped: 0,
    });
  });

  it('shows a short log whole, and every line when asked for all (0)', () => {
    assert.deepEqual(new MemberLogs().take([{ log: lines(1, 2) }], 50), { lines: ['line 1', 'line 2'], skipped: 0 });
    assert.equal(new MemberLogs().take([{ log: lines(1, 80) }], 0).lines.length, 80);
  });

  it('cuts each member first seen on its own', () => {
    const logs = new MemberLogs();
    const { lines: shown, skipped } = logs.take(
      [
        { member: 'a:1', log: lines(1, 4) },
        { member: 'b:2', log: lines(1, 2) },
      ],
      2,
    );
    assert.deepEqual(shown, ['[a:1] line 3', '[a:1] line 4', '[b:2] line 1', '[b:2] line 2']);
    assert.equal(skipped, 2);
  });
});

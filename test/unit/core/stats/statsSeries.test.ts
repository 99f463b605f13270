import * as assert from 'node:assert/strict';
import { parseChartMessage, parseHostMessage } from '../../../../src/core/stats/chartMessages';
import { STATS_TABLE_HEADERS, statsTableRows, toStatsSeries } from '../../../../src/core/stats/statsSeries';

const member = (host: string, inserts: number) => ({
  host,
  'mem/resident': 100,
  'mem/virtual': 300,
  'mem/mapped': 64,
  'connections/current': 4,
  'opcounters/insert': inserts,
  'opcounters/query': 2.5,
});

describe('deployment statistics as chart points', () => {
  it('totals the members of each sample, in time order', () => {
    const stats = {
      time: 20,
      members: [member('a:1', 3), member('b:1', 0)],
      samples: [
        { time: 20, members: [member('a:1', 3), member('b:1', 0)] },
        { time: 10, members: [member('a:1', 1)] },
      ],
    };
    const series = toStatsSeries('set-1', stats);
    assert.deepEqual(series.members, ['a:1', 'b:1']);
    assert.deepEqual(
      series.points.map((point) => point.time),
      [10, 20],
    );
    assert.deepEqual(series.points[1], {
      time: 20,
      resident: 200,
      virtual: 600,
      mapped: 128,
      connections: 8,
      operations: { insert: 3, query: 5, update: 0, delete: 0, getmore: 0, command: 0 },
    });
  });

  it('takes the one sample of a service that sends no series, and leaves out samples it cannot read', () => {
    assert.equal(toStatsSeries('x', { time: 5, members: [member('a:1', 1)] }).points.length, 1);
    assert.equal(toStatsSeries('x', { samples: [{ members: [] }, 'text', { time: 3, members: 'none' }] }).points.length, 0);
    assert.equal(toStatsSeries('x', 'not stats').points.length, 0);
  });

  it('gives a table row per point, newest first, with a header per column', () => {
    const rows = statsTableRows(
      toStatsSeries('x', {
        samples: [
          { time: 0, members: [member('a', 1)] },
          { time: 60, members: [member('a', 2)] },
        ],
      }),
    );
    assert.deepEqual(rows[0], ['00:01:00', '100', '300', '4', '2', '2.5', '0', '0', '0', '0']);
    assert.equal(rows[0].length, STATS_TABLE_HEADERS.length);
  });
});

describe('chart messages', () => {
  const series = toStatsSeries('x', { time: 5, members: [member('a:1', 1)] });

  it('accepts only well-formed messages from the extension', () => {
    assert.deepEqual(parseHostMessage({ type: 'series', series, refreshSeconds: 10 }), { type: 'series', series, refreshSeconds: 10 });
    assert.equal(parseHostMessage({ type: 'series', series: { ...series, points: [{ time: 'now' }] }, refreshSeconds: 10 }), undefined);
    assert.equal(parseHostMessage({ type: 'script', code: 'alert(1)' }), undefined);
    assert.deepEqual(parseHostMessage({ type: 'problem', message: 'down' }), { type: 'problem', message: 'down' });
  });

  it('accepts only ready and refresh from the chart', () => {
    assert.deepEqual(parseChartMessage({ type: 'refresh' }), { type: 'refresh' });
    assert.equal(parseChartMessage({ type: 'refresh', extra: 1 }), undefined);
    assert.equal(parseChartMessage({ type: 'openExternal', url: 'https://example.net' }), undefined);
    assert.equal(parseChartMessage(null), undefined);
  });
});

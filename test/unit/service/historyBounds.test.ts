import assert from 'node:assert/strict';
import { InProgressOperations } from '../../../src/service/activity/inProgress';
import { ACTIVITY_SECONDS, MAX_CONNECTIONS, MemberActivity } from '../../../src/service/activity/memberActivity';
import { SlowQueryLog } from '../../../src/service/activity/slowQueryLog';
import { OperationLog } from '../../../src/service/operationLog';

const MEMBERS = ['node0.set.example.net:27017', 'node1.set.example.net:27017', 'node2.set.example.net:27017'];
const OPERATIONS = 20_000;

describe('what the service keeps per operation stays within its bounds', () => {
  it(`keeps the latest lines of each member's log, at most 5,500, after ${OPERATIONS.toLocaleString('en')} operations`, () => {
    const log = new OperationLog();
    for (let i = 0; i < OPERATIONS; i++) log.record(MEMBERS, 'conn1', `insert shop.orders ninserted:1 #${i}`, i % 2 === 0);
    for (const member of MEMBERS) {
      const lines = log.text(member).split('\n');
      assert.ok(lines.length <= 5_500, `${member} keeps ${lines.length} lines`);
      assert.ok(lines.length >= 5_000 || member !== MEMBERS[0], `${member} keeps only ${lines.length} lines`);
    }
    assert.match(log.text(MEMBERS[0]).split('\n').at(-1)!, new RegExp(`#${OPERATIONS - 1}$`));
    assert.match(log.text(MEMBERS[1]).split('\n').at(-1)!, new RegExp(`#${OPERATIONS - 2}$`), 'a secondary logs the writes only');
  });

  it(`counts the last ${ACTIVITY_SECONDS} seconds only, however long the service ran`, () => {
    const activity = new MemberActivity();
    const start = Date.UTC(2026, 0, 1);
    const seconds = 3 * ACTIVITY_SECONDS;
    for (let second = 0; second < seconds; second++)
      for (let i = 0; i < 5; i++) activity.count(MEMBERS[0], 'query', false, 'conn1', start + second * 1000 + i);
    const everything = activity.window(MEMBERS[0], 0, Number.MAX_SAFE_INTEGER);
    assert.equal(everything.own.query, ACTIVITY_SECONDS * 5);
  });

  it(`keeps at most ${MAX_CONNECTIONS} connections per second when every request opens its own`, () => {
    const activity = new MemberActivity();
    const at = Date.UTC(2026, 0, 1);
    for (let i = 0; i < OPERATIONS; i++) activity.count(MEMBERS[0], 'query', false, `conn${i}`, at + (i % 1000) / 1000);
    const window = activity.window(MEMBERS[0], Math.floor(at / 1000) - 10, Math.floor(at / 1000) + 1);
    assert.equal(window.own.query, OPERATIONS, 'every operation is counted');
    assert.equal(window.connections, MAX_CONNECTIONS);
  });

  it('keeps the latest 500 slow operations of a database', () => {
    const log = new SlowQueryLog();
    for (let i = 0; i < 2_000; i++) log.consider({ op: 'query', db: 'shop', ns: 'shop.orders', ntoskip: i }, 150, 'conn1');
    const kept = log.of('shop');
    assert.equal(kept.length, 500);
    assert.equal(kept.at(-1)!.ntoskip, 1_999);
  });

  it('forgets every finished operation', () => {
    const running = new InProgressOperations();
    for (let i = 0; i < OPERATIONS; i++) running.finish(running.start({ op: 'query', db: 'shop', ns: 'shop.orders' }, 'conn1'));
    const last = running.start({ op: 'insert', db: 'shop', ns: 'shop.orders' }, 'conn2');
    assert.deepEqual(
      running.on('shop').map((operation) => operation.opid),
      [last.opid],
    );
  });
});

import type { Account, DeploymentInfo } from '../account';
import type { ActivityWindow, CounterKind } from '../activity/memberActivity';
import { MAX_CONNECTIONS, OPERATION_KINDS } from '../activity/memberActivity';
import type { Handler } from '../http/types';
import { databaseStats } from '../stats';
import { requireDeployment } from './deployments';

/** Seconds each sample covers, and how many samples the series holds (five minutes). */
export const SAMPLE_SECONDS = 10;
export const SAMPLES = 30;
const MB = 1024 * 1024;

interface DeploymentSize {
  dataBytes: number;
  indexBytes: number;
  fileBytes: number;
  avgObjSize: number;
}

function sizeOf(account: Account, deployment: DeploymentInfo): DeploymentSize {
  const size: DeploymentSize = { dataBytes: 0, indexBytes: 0, fileBytes: 0, avgObjSize: 0 };
  let objects = 0;
  for (const name of deployment.databases) {
    const database = account.state.databases.get(name);
    if (!database) continue;
    const stats = databaseStats(database) as { dataSize: number; indexSize: number; fileSize: number; objects: number };
    size.dataBytes += stats.dataSize;
    size.indexBytes += stats.indexSize;
    size.fileBytes += stats.fileSize;
    objects += stats.objects;
  }
  size.avgObjSize = objects === 0 ? 0 : size.dataBytes / objects;
  return size;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const serverTime = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * One member's statistics over a window, in the flattened `section/field` form the original sent. Operation
 * counters, connections and (through the data size) memory come from what the service really did; the
 * network figures are estimated from those counts and the average document size.
 */
function memberStats(
  member: string,
  position: number,
  memberCount: number,
  window: ActivityWindow,
  seconds: number,
  end: Date,
  size: DeploymentSize,
): Record<string, unknown> {
  const rate = (count: number) => round(count / seconds);
  const stats: Record<string, unknown> = { timeSpan: seconds, host: member, member, currentTime: serverTime(end) };
  const own = (kind: CounterKind) => window.own[kind];
  const writes =
    own('insert') +
    own('update') +
    own('delete') +
    (position > 0 ? window.replicated.insert + window.replicated.update + window.replicated.delete : 0);
  const requests = OPERATION_KINDS.reduce((sum, kind) => sum + own(kind) + window.replicated[kind], 0);
  const totalTime = round(process.uptime() * 1e6, 0);
  const ratio = round(Math.min(0.9, (writes / seconds) * 0.004), 4);
  const resident = 48 + Math.ceil((size.dataBytes + size.indexBytes) / MB);
  const mapped = Math.ceil(size.fileBytes / MB);
  const connections = Math.min(MAX_CONNECTIONS, window.connections + (position === 0 ? memberCount - 1 : 1) + 1);
  Object.assign(stats, {
    'globalLock/totalTime': totalTime,
    'globalLock/lockTime': round(totalTime * ratio, 0),
    'globalLock/ratio': ratio,
    'globalLock/currentQueue/readers': 0,
    'globalLock/currentQueue/writers': 0,
    'globalLock/activeClients/readers': 0,
    'globalLock/activeClients/writers': 0,
    'mem/bits': 64,
    'mem/resident': resident,
    'mem/virtual': mapped * 2 + resident + 128,
    'mem/supported': true,
    'mem/mapped': mapped,
    'connections/current': connections,
    'connections/available': MAX_CONNECTIONS - connections,
    'extra_info/page_faults': 0,
    'indexCounters/btree/accesses': rate(own('query') + own('update') + own('delete')),
    'indexCounters/btree/hits': rate(own('query') + own('update') + own('delete')),
    'indexCounters/btree/misses': 0,
    'indexCounters/btree/resets': 0,
    'cursors/totalOpen': 0,
    'cursors/timedOut': 0,
    'network/bytesIn': rate(requests * 160 + (own('insert') + own('update') + writes) * size.avgObjSize),
    'network/bytesOut': rate(requests * 90 + own('query') * size.avgObjSize * 4),
    'network/numRequests': rate(requests),
  });
  if (position > 0) for (const kind of OPERATION_KINDS) stats[`opcountersRepl/${kind}`] = rate(window.replicated[kind]);
  for (const kind of OPERATION_KINDS) stats[`opcounters/${kind}`] = rate(own(kind));
  for (const kind of ['regular', 'warning', 'msg', 'user', 'rollovers']) stats[`asserts/${kind}`] = 0;
  return stats;
}

/**
 * A deployment's statistics: `time` and `members` for the latest ten seconds (what the original's clients
 * read), and `samples`, the same for each ten seconds of the last five minutes, oldest first.
 */
export const getDeploymentStats: Handler = ({ account, params, originalShape }) => {
  const deployment = requireDeployment(account, params.name);
  const size = sizeOf(account, deployment);
  const endSecond = Math.floor(Date.now() / 1000) + 1;
  const samples = Array.from({ length: SAMPLES }, (_, position) => {
    const end = endSecond - (SAMPLES - 1 - position) * SAMPLE_SECONDS;
    const at = new Date(Math.min(end * 1000, Date.now()));
    const members = deployment.members.map((member, index) =>
      memberStats(
        member,
        index,
        deployment.members.length,
        account.operations.activity.window(member, end - SAMPLE_SECONDS, end),
        SAMPLE_SECONDS,
        at,
        size,
      ),
    );
    return { time: Math.floor(at.getTime() / 1000), members };
  });
  const latest = samples[samples.length - 1];
  // The original's gem (DatabaseStats.find) reads the answer as the original's array of samples and takes `.first`;
  // it asks by whatever name it derives from a database's hostname and port, so its request form decides, not the name.
  if (originalShape === true) return { body: originalSeries(samples) };
  return { body: { time: latest.time, members: latest.members, samples } };
};

/** The original's array of samples, newest first. */
function originalSeries<T>(samples: T[]): T[] {
  return [...samples].reverse();
}

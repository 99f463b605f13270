/** dist/logTail.mjs: tailing a deployment's log, loaded the first time Tail Logs runs. */
export { LogTailSession } from './logTailSession';
export { TailStatusItem } from './tailStatusItem';

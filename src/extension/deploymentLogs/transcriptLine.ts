/** One line a deployment log channel appended. */
export interface TranscriptLine {
  level: 'log' | 'info' | 'warn';
  text: string;
  /** The line as the channel shows it: a log line as the server wrote it, a notice after one time of day. */
  shown: string;
}

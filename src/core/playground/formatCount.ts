/** 1234 as "1,234", the same on every machine whatever its locale. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

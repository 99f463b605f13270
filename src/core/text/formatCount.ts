/** 1234 as "1,234", the same on every machine whatever its locale. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** 1 as "1 document", 1234 as "1,234 documents". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

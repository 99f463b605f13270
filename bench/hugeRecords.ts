import type { Figure } from './support/figure';
export async function measureHugeRecords(): Promise<Figure[]> {
  return [];
}

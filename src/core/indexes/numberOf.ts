import { LosslessNumber } from '../json/lossless';

/** A number as the service sent it (plain or exact), or undefined for anything else. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value instanceof LosslessNumber) {
    const number = Number(value.text);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** A JSON object as it arrives from outside (a message, a setting, a command's argument): not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

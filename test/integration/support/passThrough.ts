/**
 * A Proxy over `target` whose members run on `target` itself (VS Code's objects keep private state that a method
 * called on the Proxy could not reach), with `overrides` in place of some of them.
 */
export function passThrough<T extends object>(target: T, overrides: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(real, member) {
      if (Object.prototype.hasOwnProperty.call(overrides, member)) return overrides[member as keyof T];
      const value: unknown = Reflect.get(real, member, real);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value;
    },
    set(real, member, value) {
      return Reflect.set(real, member, value, real);
    },
  });
}

/**
 * The second wall against prototype pollution: after this runs, no code in the process (the query
 * engine included) can add, change or delete a member of a built-in prototype such as
 * `Object.prototype` or `Array.prototype`, or of the built-in constructors. The first wall is that no
 * path the service evaluates may name `__proto__`, `constructor` or `prototype` (query/reservedNames.ts).
 */

/** Constructors whose prototypes (and themselves) are frozen. The Error constructors keep their statics writable: Node and test tools set `Error.stackTraceLimit` and `Error.prepareStackTrace`. */
const CONSTRUCTORS = [
  'Object',
  'Function',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Date',
  'RegExp',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'FinalizationRegistry',
  'Promise',
  'Proxy',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
] as const;
const ERROR_CONSTRUCTORS = [
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'EvalError',
  'URIError',
  'AggregateError',
] as const;
const NAMESPACES = ['JSON', 'Math', 'Reflect', 'Atomics', 'Intl'] as const;

/**
 * Members that ordinary code assigns on its own objects (`error.name = …`, `object.toString = …`, a
 * stored document's field "hasOwnProperty"). On a frozen prototype such an assignment would fail,
 * because an inherited read-only property forbids creating an own one (the "override mistake"), so
 * these become accessors whose setter creates the own property on the receiver and refuses the
 * prototype itself. Every member of the prototypes that plain objects, functions and errors inherit
 * from; of the others, the names code commonly gives its own objects.
 */
const OVERRIDABLE = new Set<PropertyKey>(['constructor', 'name', 'message', 'toString', 'toLocaleString', 'valueOf', 'toJSON']);
const FULLY_OVERRIDABLE = new Set<object>([Object.prototype, Function.prototype, Error.prototype]);

const globals = globalThis as unknown as Record<string, unknown>;

/** The prototypes that no global names: iterators, generators, async functions, %TypedArray%. */
function hiddenIntrinsics(): object[] {
  const found: unknown[] = [];
  const arrayIterator = Object.getPrototypeOf([][Symbol.iterator]());
  found.push(arrayIterator, Object.getPrototypeOf(arrayIterator));
  found.push(Object.getPrototypeOf(new Map()[Symbol.iterator]()), Object.getPrototypeOf(new Set()[Symbol.iterator]()));
  found.push(Object.getPrototypeOf(''[Symbol.iterator]()), Object.getPrototypeOf(/a/[Symbol.matchAll]('')));
  const typedArray = Object.getPrototypeOf(Int8Array) as { prototype: object };
  found.push(typedArray, typedArray.prototype);
  const generator = Object.getPrototypeOf(function* () {
    // An empty generator, only for its prototype.
  }) as { prototype: object; constructor: unknown };
  found.push(generator, generator.prototype, generator.constructor);
  const asyncGenerator = Object.getPrototypeOf(async function* () {
    // An empty async generator, only for its prototype.
  }) as { prototype: object; constructor: unknown };
  found.push(asyncGenerator, asyncGenerator.prototype, asyncGenerator.constructor, Object.getPrototypeOf(asyncGenerator.prototype));
  const asyncFunction = Object.getPrototypeOf(async () => undefined) as { constructor: unknown };
  found.push(asyncFunction, asyncFunction.constructor);
  return found.filter((value): value is object => (typeof value === 'object' || typeof value === 'function') && value !== null);
}

function tameOverrides(target: object): void {
  for (const key of Reflect.ownKeys(target)) {
    if (!FULLY_OVERRIDABLE.has(target) && !OVERRIDABLE.has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor || !('value' in descriptor) || !descriptor.writable || !descriptor.configurable) continue;
    const value: unknown = descriptor.value;
    Object.defineProperty(target, key, {
      configurable: false,
      enumerable: descriptor.enumerable,
      get() {
        return value;
      },
      set(this: object, next: unknown) {
        if (this === target) throw new TypeError(`Cannot assign to read only property '${String(key)}' of a frozen built-in prototype`);
        Object.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
      },
    });
  }
}

/** Freezes `target` and the functions it holds (so `Array.prototype.push.x = 1` fails too). */
function freeze(target: object, frozen: Set<object>): void {
  if (frozen.has(target)) return;
  frozen.add(target);
  tameOverrides(target);
  for (const key of Reflect.ownKeys(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    const value: unknown = descriptor && 'value' in descriptor ? descriptor.value : undefined;
    // A method's own members (name, length) are frozen with it; constructors reached this way are frozen in their own turn.
    if (
      typeof value === 'function' &&
      !('prototype' in value && typeof value.prototype === 'object' && value.prototype !== null && value !== target)
    ) {
      if (!frozen.has(value)) {
        frozen.add(value);
        Object.freeze(value);
      }
    }
  }
  Object.freeze(target);
}

let done = false;

/** Freezes the built-in prototypes and constructors of this process; safe to call more than once. */
export function freezeIntrinsics(): void {
  if (done) return;
  done = true;
  const frozen = new Set<object>();
  const targets: object[] = [];
  for (const name of CONSTRUCTORS) {
    const constructor = globals[name];
    if (typeof constructor !== 'function') continue;
    const prototype = (constructor as { prototype?: unknown }).prototype;
    if (typeof prototype === 'object' && prototype !== null) targets.push(prototype);
    targets.push(constructor);
  }
  for (const name of ERROR_CONSTRUCTORS) {
    const prototype = (globals[name] as { prototype?: unknown } | undefined)?.prototype;
    if (typeof prototype === 'object' && prototype !== null) targets.push(prototype);
  }
  for (const name of NAMESPACES) {
    const namespace = globals[name];
    if (typeof namespace === 'object' && namespace !== null) targets.push(namespace);
  }
  targets.push(...hiddenIntrinsics());
  for (const target of targets) freeze(target, frozen);
}

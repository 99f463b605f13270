import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject, stringifyLossless } from '../json/lossless';

/** Where a document too large for one answer lives: what a dbhost_find call for the rest names. */
export interface DocumentPlace {
  database: string;
  collection: string;
}

/** Room kept for the lines that say what is not shown and how to read it. */
const NOTE_ROOM = 4_000;
/** Room in one answer for a projected part, beside the answer's own header and note lines. */
const PART_ROOM = 1_500;
/** Calls spelled out in full; the others are said in words. */
const MAX_CALLS = 4;
/** Parts of a field named as examples of the paths to ask for. */
const MAX_PARTS_NAMED = 12;
/** Room for the shown part when nothing but the `_id` fits beside the names of the fields left out. */
const ID_ROOM = 1_000;

const number = (n: number) => n.toLocaleString('en-US');
const quoted = (name: string) => JSON.stringify(name);

interface Field {
  name: string;
  value: JsonValue;
  /** Characters of `"name":value` in the compact text. */
  size: number;
}

function fieldsOf(document: JsonObject): Field[] {
  return Object.entries(document).map(([name, value]) => ({
    name,
    value,
    size: quoted(name).length + 1 + stringifyLossless(value).length,
  }));
}

/** The fields shown whole: `_id` first, then every other field in stored order that still fits. */
function pickShown(fields: readonly Field[], room: number): { shown: Field[]; left: Field[] } {
  const shown: Field[] = [];
  const left: Field[] = [];
  let used = 2;
  for (const field of [...fields.filter((f) => f.name === '_id'), ...fields.filter((f) => f.name !== '_id')]) {
    if (used + field.size + 1 <= room) {
      shown.push(field);
      used += field.size + 1;
    } else left.push(field);
  }
  return { shown, left };
}

function describe(field: Field): string {
  const { value } = field;
  const kind = Array.isArray(value)
    ? `an array of ${number(value.length)} elements`
    : isJsonObject(value)
      ? `an object of ${number(Object.keys(value).length)} fields`
      : typeof value === 'string'
        ? 'a string'
        : 'a value';
  return `${quoted(field.name)} (${number(field.size)} characters, ${kind})`;
}

function findCall(place: DocumentPlace, id: JsonValue | undefined, projection: string): string {
  const filter = id === undefined ? '' : `,"filter":{"_id":${stringifyLossless(id)}}`;
  return `dbhost_find {"database":${quoted(place.database)},"collection":${quoted(place.collection)}${filter},"projection":${projection}}`;
}

/** Fields that fit one answer each, grouped greedily into as few projections as fit. */
function groups(fields: readonly Field[], room: number): Field[][] {
  const result: Field[][] = [];
  let current: Field[] = [];
  let used = 0;
  for (const field of fields) {
    if (current.length > 0 && used + field.size + 1 > room) {
      result.push(current);
      current = [];
      used = 0;
    }
    current.push(field);
    used += field.size + 1;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** How to read a field larger than one answer on its own: slices of an array, paths into an object. */
function partsOf(field: Field, place: DocumentPlace, id: JsonValue | undefined, room: number): string {
  const { name, value } = field;
  const larger = `- ${quoted(name)} is larger than one answer on its own:`;
  if (Array.isArray(value) && value.length > 0) {
    const each = Math.ceil((field.size - name.length) / value.length);
    const count = Math.max(1, Math.floor(room / each));
    const call = findCall(place, id, `{"_id":1,${quoted(name)}:{"$slice":[0,${count}]}}`);
    return `${larger} read it ${number(count)} elements at a time (about ${number(each)} characters each), ${call}, then "$slice": [${count}, ${count}], [${count * 2}, ${count}] and so on up to ${number(value.length)}.${elementPaths(name, value, room)}`;
  }
  if (isJsonObject(value) && Object.keys(value).length > 0) {
    const parts = fieldsOf(value).map((part) => ({ ...part, name: `${name}.${part.name}` }));
    const fitting = parts.filter((part) => part.size <= room);
    const first = groups(fitting, room)[0]?.slice(0, MAX_PARTS_NAMED) ?? [];
    const call = first.length
      ? ` ${findCall(place, id, `{${first.map((part) => `${quoted(part.name)}:1`).join(',')}}`)}, then the others the same way;`
      : '';
    const named = parts.slice(0, MAX_PARTS_NAMED).map((part) => quoted(part.name));
    const largest = Math.max(...parts.map((part) => part.size));
    const rest = parts.length > named.length ? ` and ${number(parts.length - named.length)} more` : '';
    return `${larger} ask for its parts by path,${call} its ${number(parts.length)} parts are ${named.join(', ')}${rest}, the largest ${number(largest)} characters.`;
  }
  return `- ${quoted(name)} is one value of ${number(field.size)} characters: no projection reads part of it, so the tools cannot show it whole; its beginning follows.`;
}

/** The paths of the elements' fields that one answer holds for every element of an array at once (`items.sku`). */
function elementPaths(name: string, elements: readonly JsonValue[], room: number): string {
  if (!isJsonObject(elements[0])) return '';
  const fitting = Object.keys(elements[0])
    .slice(0, MAX_PARTS_NAMED)
    .filter(
      (key) =>
        elements.reduce<number>(
          (sum, element) => sum + 1 + stringifyLossless(isJsonObject(element) ? (element[key] ?? null) : null).length,
          0,
        ) <= room,
    )
    .map((key) => quoted(`${name}.${key}`));
  return fitting.length
    ? ` One field of every element fits one answer by its path: ${fitting.join(', ')} (e.g. "projection": {${fitting[0]}: 1}).`
    : '';
}

interface NoteForm {
  /** How many of the fields left out are named (the others are counted). */
  named: number;
  /** Whether each field left out is listed with its size and kind, before the calls name them again. */
  verbose: boolean;
}

/** The lines after the shown fields: what is left out, and the exact calls that read it. */
function restLines(left: readonly Field[], form: NoteForm, place: DocumentPlace, id: JsonValue | undefined, room: number): string[] {
  const listed = left.slice(0, form.named);
  const huge = listed.filter((field) => field.size > room);
  const described = form.verbose ? listed : huge;
  const characters = left.reduce((sum, field) => sum + field.size, 0);
  const of = described.length ? `: ${described.map(describe).join(', ')}` : '';
  const which = form.verbose ? '' : huge.length ? '; larger than one answer on its own' : '';
  const lines = [
    `Not shown: ${number(left.length)} top-level field${left.length === 1 ? '' : 's'}, ${number(characters)} characters${which}${of}.`,
  ];
  const calls = groups(
    listed.filter((field) => field.size <= room),
    room,
  );
  const filter = id === undefined ? ' (the same filter as this answer)' : '';
  if (calls.length > 0)
    lines.push(`To read them, call dbhost_find with a filter on this _id${filter} and a projection naming them, each call one answer:`);
  for (const group of calls) lines.push(`- ${findCall(place, id, `{${group.map((field) => `${quoted(field.name)}:1`).join(',')}}`)}`);
  if (left.length > listed.length)
    lines.push(
      `- and ${number(left.length - listed.length)} more top-level fields, not named here for want of room: dbhost_collectionSchema names a collection's fields; ask for them the same way.`,
    );
  for (const field of huge.slice(0, MAX_CALLS)) lines.push(partsOf(field, place, id, room));
  return lines;
}

/**
 * A document larger than one answer, cut at whole top-level fields: `_id` and every field that fits, then
 * the fields not shown and the exact dbhost_find calls (a filter on the `_id`, a projection naming them) that
 * read them, in as few calls as fit an answer each; a field larger than an answer on its own is read in
 * `$slice`s of an array or by the paths of an object's parts. Naming every field left out comes before
 * showing more fields: the shown part gives way until the names fit.
 */
export function cutDocumentText(document: JsonObject, place: DocumentPlace, maxCharacters: number): string {
  const fields = fieldsOf(document);
  const total = 1 + fields.reduce((sum, field) => sum + field.size + 1, 0);
  const room = Math.max(1_000, maxCharacters - PART_ROOM);
  const attempt = (shownRoom: number, form: (left: readonly Field[]) => NoteForm) => {
    const { shown, left } = pickShown(fields, Math.max(0, shownRoom));
    const id = shown.some((field) => field.name === '_id') ? document._id : undefined;
    const head = `It is ${number(total)} characters, more than the ${number(maxCharacters)} one answer holds. Its top-level fields that fit, whole (${number(shown.length)} of ${number(fields.length)}):`;
    const partial = `{${shown.map((field) => `${quoted(field.name)}:${stringifyLossless(field.value)}`).join(',')}}`;
    const lines = [head, partial, ...restLines(left, form(left), place, id, room)];
    const unreadable = left.filter((field) => field.size > room);
    return [...lines, ...beginningOfOneValue(unreadable, maxCharacters - lines.join('\n').length)].join('\n');
  };
  /* The last room still holds an `_id`, which the calls filter on. */
  const shownRooms = [maxCharacters - NOTE_ROOM, maxCharacters / 2, maxCharacters / 4, ID_ROOM];
  for (const verbose of [true, false])
    for (const shownRoom of shownRooms) {
      const text = attempt(shownRoom, (left) => ({ named: left.length, verbose }));
      if (text.length <= maxCharacters) return text;
    }
  for (let named = fields.length; ; named = Math.floor(named / 2)) {
    const text = attempt(ID_ROOM, (left) => ({ named: Math.min(named, left.length), verbose: false }));
    if (named <= 1 || text.length <= maxCharacters) return text;
  }
}

/** The start of the first field left out that no projection can read in parts (a long string), in the room left. */
function beginningOfOneValue(unreadable: readonly Field[], room: number): string[] {
  const field = unreadable.find((candidate) => !Array.isArray(candidate.value) && !isJsonObject(candidate.value));
  const characters = room - 200;
  if (!field || characters < 200) return [];
  const text = stringifyLossless(field.value);
  return [
    `The first ${number(characters)} of ${number(text.length)} characters of ${quoted(field.name)}:`,
    `${text.slice(0, characters)}…`,
  ];
}

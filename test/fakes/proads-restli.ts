/**
 * Rest.li 2.0 query decoding for the fake professional-network Marketing API, as the real service
 * reads a query: `List(a,b)` is a list, `(key:value,...)` a record, and the structural characters
 * `(`, `)`, `,` and `:` are only structure. Values are percent-decoded after the structure is read,
 * so a URN sent unencoded inside a list or record (`List(urn:li:x:1)`) is malformed, as it is for
 * the real service, while `List(urn%3Ali%3Ax%3A1)` is one value.
 */

export type RestliData = string | RestliData[] | { [key: string]: RestliData };

export class RestliSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestliSyntaxError';
  }
}

/** The raw (still percent-encoded) value of each query parameter. */
export function rawQuery(search: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const name = decodeURIComponent(at < 0 ? part : part.slice(0, at));
    if (params.has(name)) throw new RestliSyntaxError(`Parameter ${name} is given more than once.`);
    params.set(name, at < 0 ? '' : part.slice(at + 1));
  }
  return params;
}

/** One Rest.li 2.0 value. */
export function decodeRestli(raw: string): RestliData {
  let at = 0;
  const fail = (why: string): never => {
    throw new RestliSyntaxError(`Malformed Rest.li value at position ${at} of "${raw.slice(0, 200)}": ${why}.`);
  };
  const primitive = (): string => {
    const from = at;
    while (at < raw.length && !',():'.includes(raw[at]!)) at++;
    const text = raw.slice(from, at);
    if (text === "''") return '';
    if (!text) fail('an empty value');
    if (/['\s]/.test(text)) fail('an unescaped character');
    try {
      return decodeURIComponent(text);
    } catch {
      return fail('a broken percent-encoding');
    }
  };
  const value = (): RestliData => {
    if (raw.startsWith('List(', at)) {
      at += 5;
      const items: RestliData[] = [];
      if (raw[at] === ')') {
        at++;
        return items;
      }
      for (;;) {
        items.push(value());
        if (raw[at] === ',') at++;
        else if (raw[at] === ')') {
          at++;
          return items;
        } else fail(`expected "," or ")" in a list, found "${raw[at] ?? 'the end'}"`);
      }
    }
    if (raw[at] === '(') {
      at++;
      const record: Record<string, RestliData> = {};
      if (raw[at] === ')') {
        at++;
        return record;
      }
      for (;;) {
        const key = primitive();
        if (raw[at] !== ':') fail(`expected ":" after the key "${key}"`);
        at++;
        if (key in record) fail(`the key "${key}" twice`);
        record[key] = value();
        if (raw[at] === ',') at++;
        else if (raw[at] === ')') {
          at++;
          return record;
        } else fail(`expected "," or ")" in a record, found "${raw[at] ?? 'the end'}"`);
      }
    }
    return primitive();
  };
  const result = value();
  if (at !== raw.length) fail('text after the value');
  return result;
}

/** A decoded Rest.li key as it appears in batch answers (the same form the client sends). */
export function encodeKey(value: RestliData): string {
  if (Array.isArray(value)) return `List(${value.map(encodeKey).join(',')})`;
  if (typeof value === 'object')
    return `(${Object.entries(value)
      .map(([k, v]) => `${enc(k)}:${encodeKey(v)}`)
      .join(',')})`;
  return enc(value);
}
const enc = (text: string) => encodeURIComponent(text).replace(/[,()':]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

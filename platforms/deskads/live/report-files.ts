import { inflateRawSync } from 'node:zlib';

/**
 * The platform's report files: a zip archive holding one CSV file (UTF-8, possibly with a byte
 * order mark; values in double quotes, "" for a quote inside). Read without a dependency: the zip
 * central directory names each entry's offset, method (stored or deflated) and size.
 */

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The files of a zip archive, by name. Throws on an archive it cannot read. */
export function unzip(archive: Buffer): Map<string, Buffer> {
  let end = -1;
  for (let i = archive.length - 22; i >= Math.max(0, archive.length - 22 - 65_535); i--) {
    if (archive.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive');
  const count = archive.readUInt16LE(end + 10);
  let offset = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (archive.readUInt32LE(offset) !== CENTRAL_ENTRY) throw new Error('broken zip directory');
    const method = archive.readUInt16LE(offset + 10);
    const compressedSize = archive.readUInt32LE(offset + 20);
    const nameLength = archive.readUInt16LE(offset + 28);
    const extraLength = archive.readUInt16LE(offset + 30);
    const commentLength = archive.readUInt16LE(offset + 32);
    const localOffset = archive.readUInt32LE(offset + 42);
    const name = archive.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (archive.readUInt32LE(localOffset) !== LOCAL_HEADER) throw new Error('broken zip entry');
    const dataStart = localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    const data = archive.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) files.set(name, Buffer.from(data));
    else if (method === 8) files.set(name, inflateRawSync(data));
    else throw new Error(`zip method ${method} is not supported`);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** Rows of a CSV text as arrays of values (RFC 4180 quoting; CRLF or LF line ends; a leading BOM dropped). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(value);
      value = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(value);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      value = '';
    } else value += c;
  }
  if (value !== '' || row.length) {
    row.push(value);
    rows.push(row);
  }
  return rows;
}

/**
 * The records of a report CSV with column headers (the report asked without header and footer
 * lines): one object per row, keyed by column name.
 */
export function reportRecords(csv: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header) return [];
  return rows.map((values) => Object.fromEntries(header.map((name, i) => [name, values[i] ?? ''])));
}

/** A figure of a report cell: numbers as the report writes them ("1234", "12.34"), "--" or empty as 0. */
export function figure(value: string | undefined): number {
  if (!value || value === '--') return 0;
  const n = Number(value.replace(/,/g, '').replace(/%$/, ''));
  return Number.isFinite(n) ? n : 0;
}

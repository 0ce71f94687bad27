/** Writes the generated OpenAPI document to a file: `tsx scripts/write-openapi.ts out.json [server URL]`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openApiJson } from '../functions/catalog/openapi';

const [file, server = 'http://127.0.0.1:3000'] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx scripts/write-openapi.ts out.json [server URL]');
  process.exit(2);
}
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, openApiJson(server));

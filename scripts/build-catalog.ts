/**
 * npm run build:catalog   writes the catalog artifact (functions/catalog/artifact/): the catalog, the
 * OpenAPI documents and the MCP tool sets the gateway and MCP functions serve. npm start, the test
 * setup and cdk synth write it too; it is not committed.
 */
import { relative } from 'node:path';
import { ARTIFACT_DIR } from '../functions/catalog/artifact';
import { writeCatalogArtifact } from '../functions/catalog/build-artifact';

const { written, files } = writeCatalogArtifact();
console.log(`${relative(process.cwd(), ARTIFACT_DIR) || ARTIFACT_DIR}/: ${files} files, ${written ? 'written' : 'up to date'}.`);

import { searchads } from '../platforms/searchads';
import { createToolHandler } from './runtime/handler';

/** Lambda of the searchads group: POST /api/v1/tools/<searchads tool>/execute. */
export const handler = createToolHandler(searchads.tools);

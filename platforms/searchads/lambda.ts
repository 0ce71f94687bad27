import { createToolHandler } from '../../functions/runtime/handler';
import { searchads } from './manifest';

/** Lambda of the searchads group: POST /api/v1/tools/<searchads tool>/execute. */
export const handler = createToolHandler(searchads.tools, [searchads]);

import { createToolHandler } from '../../functions/runtime/handler';
import { retailads } from './manifest';

/** Lambda of the retailads group: POST /api/v1/tools/<retailads tool>/execute. */
export const handler = createToolHandler(retailads.tools, [retailads]);

import { createToolHandler } from '../../functions/runtime/handler';
import { proads } from './manifest';

/** Lambda of the proads group: POST /api/v1/tools/<proads tool>/execute. */
export const handler = createToolHandler(proads.tools, [proads]);

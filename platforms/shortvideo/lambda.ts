import { createToolHandler } from '../../functions/runtime/handler';
import { shortvideo } from './manifest';

/** Lambda of the shortvideo group: POST /api/v1/tools/<shortvideo tool>/execute. */
export const handler = createToolHandler(shortvideo.tools, [shortvideo]);

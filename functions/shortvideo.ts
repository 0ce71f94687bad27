import { shortvideo } from '../platforms/shortvideo';
import { createToolHandler } from './runtime/handler';

/** Lambda of the shortvideo group: POST /api/v1/tools/<shortvideo tool>/execute. */
export const handler = createToolHandler(shortvideo.tools);

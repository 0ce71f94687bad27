import { proads } from '../platforms/proads';
import { createToolHandler } from './runtime/handler';

/** Lambda of the proads group: POST /api/v1/tools/<proads tool>/execute. */
export const handler = createToolHandler(proads.tools);

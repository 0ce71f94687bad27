import { retailads } from '../platforms/retailads';
import { createToolHandler } from './runtime/handler';

/** Lambda of the retailads group: POST /api/v1/tools/<retailads tool>/execute. */
export const handler = createToolHandler(retailads.tools);

import { deskads } from '../platforms/deskads';
import { createToolHandler } from './runtime/handler';

/** Lambda of the deskads group: POST /api/v1/tools/<deskads tool>/execute. */
export const handler = createToolHandler(deskads.tools);

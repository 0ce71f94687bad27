import { socialads } from '../platforms/socialads';
import { createToolHandler } from './runtime/handler';

/** Lambda of the socialads group: POST /api/v1/tools/<socialads tool>/execute. */
export const handler = createToolHandler(socialads.tools);

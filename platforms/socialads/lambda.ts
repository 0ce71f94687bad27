import { createToolHandler } from '../../functions/runtime/handler';
import { socialads } from './manifest';

/** Lambda of the socialads group: POST /api/v1/tools/<socialads tool>/execute. */
export const handler = createToolHandler(socialads.tools, [socialads]);

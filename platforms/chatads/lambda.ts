import { createToolHandler } from '../../functions/runtime/handler';
import { chatads } from './manifest';

/** Lambda of the chatads group: POST /api/v1/tools/<chatads tool>/execute. */
export const handler = createToolHandler(chatads.tools, [chatads]);

import { chatads } from '../platforms/chatads';
import { createToolHandler } from './runtime/handler';

/** Lambda of the chatads group: POST /api/v1/tools/<chatads tool>/execute. */
export const handler = createToolHandler(chatads.tools);

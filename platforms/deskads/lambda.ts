import { createToolHandler } from '../../functions/runtime/handler';
import { searchads } from '../searchads/manifest';
import { deskads } from './manifest';

/** Lambda of the deskads group: POST /api/v1/tools/<deskads tool>/execute. */
// import_deskads_from_searchads reads a searchads account of the same owner: this function opens searchads ports too.
export const handler = createToolHandler(deskads.tools, [deskads, searchads]);

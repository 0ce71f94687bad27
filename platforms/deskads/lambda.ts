import { createToolHandler } from '../../functions/runtime/handler';
import { searchAdsPorts } from '../searchads/ports';
import { deskads } from './manifest';

/** Lambda of the deskads group: POST /api/v1/tools/<deskads tool>/execute. */
// import_deskads_from_searchads reads a searchads account of the same owner: this function opens
// searchads accounts too (their ports only, not the searchads tools).
export const handler = createToolHandler(deskads.tools, [deskads], { alsoOpens: [searchAdsPorts] });

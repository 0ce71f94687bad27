import { chatads } from './chatads/manifest';
import { deskads } from './deskads/manifest';
import { proads } from './proads/manifest';
import { retailads } from './retailads/manifest';
import { searchads } from './searchads/manifest';
import { shortvideo } from './shortvideo/manifest';
import { socialads } from './socialads/manifest';

/** The seven platform packages, in the catalog's order. Adding a platform is its folder and one line here. */
export const PLATFORMS = [searchads, socialads, proads, shortvideo, retailads, chatads, deskads] as const;

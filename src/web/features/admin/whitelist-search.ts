import { z } from 'zod';
import { listSearchShape } from '../../components/list/list-search';

// The whitelist has no sortable column: its params are the search and the pages.
const { search, page, pageSize } = listSearchShape(['createdAt']);

/** The whitelist's entries in the address: `/admin/whitelist?search=…&page=2&pageSize=25`. */
export const whitelistSearchSchema = z.object({ search, page, pageSize });
export type WhitelistSearch = z.output<typeof whitelistSearchSchema>;

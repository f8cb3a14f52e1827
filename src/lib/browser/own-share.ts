// The page's side of a result link (own-result/share.ts), for every page that shows a reader's own result: the
// fragment of the page's URL read, and a URL made with or without one. Browsers send no fragment to a server, neither
// in a request nor in its Referer, so the result stays in the link.
import { SHARE_KEY, decodeOwnShare, type OwnShareDecoded } from '../own-result/share.ts';

/** The result link in this page's URL (`#own=…`), decoded and checked; null when the URL holds none. */
export function sharedOwnOfLocation(hash = location.hash): Promise<OwnShareDecoded> | null {
	return hash.startsWith(`#${SHARE_KEY}`) ? decodeOwnShare(hash) : null;
}

/** A page's path and query with a result's fragment, or with none (null). */
export const withShareFragment = (pathAndQuery: string, fragment: string | null): string => (fragment ? `${pathAndQuery}#${fragment}` : pathAndQuery);

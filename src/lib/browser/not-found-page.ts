// The 404 page's script: a host that reads no `_redirects` (GitHub Pages) answers an address that moved (an embed
// published before) with this page, which sends the reader on as the rule would, query and fragment kept.
import { redirectFor, redirectedTo, type Redirect } from '../redirect-rules.ts';
import { readJson } from './inline-data.ts';

const rules = readJson<Redirect[]>('script[data-redirects]') ?? [];
// Matched as written (not decoded), as the rules' segments are: a segment never holds a "/".
const redirect = redirectFor(rules, location.pathname);
if (redirect) location.replace(redirectedTo(redirect.location, location.search, location.hash));

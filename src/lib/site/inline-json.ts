// Data for the browser travels in <script type="application/json"> blocks. "<" is written as \u003c, so no
// string inside (a title such as "</script><script>…") can close the block or open a comment; JSON.parse
// restores it unchanged.
export function jsonForScript(value: unknown): string {
	return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../../src/lib/site/inline-json.ts';

const PAYLOADS = [
	'</script><script>window.__xss=1</script>',
	'</SCRIPT >',
	'<!--',
	'<script>',
	'"><img src=x onerror=alert(1)>',
	'\u2028\u2029',
	"'; alert(1); //",
	'{{constructor.constructor("alert(1)")()}}',
	'${alert(1)}',
];

describe('JSON inside <script type="application/json">', () => {
	for (const payload of PAYLOADS) {
		it(`keeps ${JSON.stringify(payload)} inside the block and gives it back`, () => {
			const value = { title: payload, list: [payload, { nested: payload }] };
			const text = jsonForScript(value);
			expect(text).not.toContain('<');
			expect(text).not.toMatch(/[\u2028\u2029]/);
			expect(JSON.parse(text)).toEqual(value);
			const { document } = parseHTML(`<!doctype html><html><body><script type="application/json">${text}</script><p>after</p></body></html>`);
			expect(document.querySelectorAll('script')).toHaveLength(1);
			expect(JSON.parse(document.querySelector('script')!.textContent!)).toEqual(value);
			expect(document.querySelector('p')!.textContent).toBe('after');
		});
	}
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewFontFace } from '../../../src/lib/build/preview-fonts.ts';
import { languageOf } from '../../../src/i18n/lang.ts';

describe('a preview font', () => {
	afterEach(() => vi.restoreAllMocks());

	it('that is not installed gives no face, and the build says which previews lack it and what installs it', () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
		// fontconfig answers with another family's face (DejaVu here): that face is not taken for the one asked for.
		expect(previewFontFace({ family: 'No Such Family Anywhere', debianPackage: 'fonts-none-such' }, 'zh-Hans')).toBeNull();
		expect(warn).toHaveBeenCalledOnce();
		expect(warn.mock.calls[0]![0]).toBe('social previews (zh-Hans): the font "No Such Family Anywhere" is not installed, so their text in it is not drawn (Debian: apt-get install fonts-none-such)');
	});

	it('that is installed gives its face, said nothing about', () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
		const face = previewFontFace(languageOf('zh-Hans').previewFonts[0]!, 'zh-Hans');
		// An OpenType face of its own, out of the CJK collection.
		expect(face?.toString('latin1', 0, 4)).toBe('OTTO');
		expect(warn).not.toHaveBeenCalled();
	});
});

// Display names of drives and reviews, from their metadata (plain text: pages escape it when rendering).
import type { DeviceRow, ReviewRow } from '../schema.ts';
import type { Lang } from '../../i18n/strings.ts';
import { vendorName } from '../vocabulary.ts';

/** "Intel SSD D7-P5510": the vendor's name (src/lib/vocabulary.ts), then the model. */
export function deviceLabel(device: Pick<DeviceRow, 'device_id' | 'vendor' | 'model'> | undefined, fallbackId = ''): string {
	if (!device) return fallbackId;
	const vendor = vendorName(device.vendor ?? null);
	const model = device.model?.trim();
	if (vendor && model) return model.toLowerCase().startsWith(vendor.toLowerCase()) ? model : `${vendor} ${model}`;
	return model || vendor || device.device_id;
}

export function deviceLabels(devices: readonly DeviceRow[]): Record<string, string> {
	return Object.fromEntries(devices.map((d) => [d.device_id, deviceLabel(d)]));
}

/** The title a reader of `lang` sees first: the English title on English pages when there is one. */
export function reviewTitle(review: Pick<ReviewRow, 'title' | 'title_en'>, lang: Lang): string {
	return lang === 'en' ? (review.title_en ?? review.title) : review.title;
}

/** Only http(s) links from metadata become hrefs. */
export function safeHttpUrl(url: string | null): string | null {
	if (!url) return null;
	try {
		const u = new URL(url);
		return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
	} catch {
		return null;
	}
}

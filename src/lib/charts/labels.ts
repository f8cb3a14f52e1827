// Every text the charts print — axis labels, captions, summaries, table headers, tooltips — is in each language's file
// (src/i18n/<code>.ts) under `charts`. `{name}` marks a value filled in by the chart; keys ending in _one/_other are
// the two plural forms. A chart takes overrides through options.i18n.
import { byLang, type Lang, type Language } from '../../i18n/lang.ts';

export type ChartLabels = Language['charts'];

export const CHART_LABELS: Record<Lang, ChartLabels> = byLang((l) => l.charts);

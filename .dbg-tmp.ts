import { loadReview } from './src/lib/site/review.ts';
import { planCharts } from './src/lib/site/chart-plan.ts';
import { deviceLabels } from './src/lib/site/labels.ts';
const d = await loadReview(process.argv[2] ?? 'anon-2022-solidigm-d7-p5520');
console.log(d.runs.length, d.groups.map(g=>g.label));
const plan = await planCharts(d, { lang: 'en', labels: deviceLabels(d.devices), idPrefix: 'r', comparisonFilter: { reviewId: d.review.review_id } });
console.log(plan.groups.map(g => [g.group.label, g.charts.map(c=>c.kind)]));

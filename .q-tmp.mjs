import { DuckDBInstance } from '@duckdb/node-api';
const dir = process.env.D ?? 'public/data';
const inst = await DuckDBInstance.create(':memory:');
const c = await inst.connect();
for (const t of ['runs','percentiles','histograms','timeseries','reviews','devices','figures','comparisons']) await c.run(`CREATE VIEW ${t} AS SELECT * FROM read_parquet('${dir}/${t}.parquet')`);
const r = await c.runAndReadAll(process.argv[2]);
console.table(r.getRowObjectsJS());

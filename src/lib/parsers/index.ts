// The parser for each format. Log parsers need to know their metric and unit, which only
// fio's documented file naming and the companion result file tell; the caller passes them.
export { DETECT_BYTES, detectFormat, type DetectedFormat } from './detect.ts';
export { parseFioJson } from './fio-json.ts';
export { parseFioText } from './fio-text.ts';
export { parseFioTerse } from './fio-terse.ts';
export { parseFioLog, parseFioLogColumns, fioLogMetricFromName, latencyUnitForFioVersion } from './fio-log.ts';
export { parseFioHistLog, fioHistLogFromName } from './fio-histlog.ts';
export { parseIometerCsv } from './iometer-csv.ts';
export { parsePublishedCsv } from './published-csv.ts';
export { ParseError, emptyResult, type ParseResult, type Warning } from './types.ts';

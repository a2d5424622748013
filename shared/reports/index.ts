/** Reports declared in config/reports/*.json, worked out by one module (compute.ts). */
export * from './declaration.ts';
export type * from './result.ts';
export { computeReport, defaultRange, newestPeriodOf, type ReportInput } from './compute.ts';
export { AGGREGATES, isAggregateName } from './aggregates.ts';
export { COMPUTATIONS } from './computations.ts';
export { FUNCTIONS, parseFormula, FormulaError, namesIn, callProblems } from './formula.ts';
export * from './periods.ts';

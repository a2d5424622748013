/**
 * config/benchmarking/insights.json, which the portal (routes, menus) and the server (rules,
 * API) both read: which providers offer their farms a benchmarking report. The enterprises and
 * the confidentiality rules are the server's alone (server/benchmarks/declarations.ts).
 */
import insights from '../../config/benchmarking/insights.json' with { type: 'json' };
import type { InsightsFile } from './declaration.ts';

export const INSIGHTS = insights as unknown as InsightsFile;

/** A provider's benchmarking report, if it offers one. */
export const benchmarkOf = (provider: string) =>
  INSIGHTS.benchmarks.find((b) => b.provider === provider);

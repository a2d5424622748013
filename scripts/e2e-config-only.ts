/**
 * Proof that a record type can be added by config alone, end to end.
 *
 * In a temporary copy of the repository (never in the repository itself) this adds
 * config/records/hedge-cutting.json, its route in config/routes.json and its entry in the
 * Data Entry menu of config/menus.json; validates the config; builds the portal; starts that
 * copy's production server with a throwaway DATA_DIR; and runs the Playwright tests of
 * e2e-config/ (playwright.config-only.ts) against it. No source file is touched.
 *
 *   node --import tsx scripts/e2e-config-only.ts [playwright args…]
 *
 * Exits with Playwright's status; the server, the copy and the data directory go either way.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addRecordType,
  buildCopy,
  copyRepository,
  removeCopy,
  validateCopy,
} from './lib/config-copy.ts';
import { ensureChromium } from './lib/ensure-chromium.ts';
import { startServer, type ServerProcess } from './lib/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RECORD_TYPE = 'hedge-cutting';
const FEATURE = 'records_monthly';

/** What product staff would write: a new record type, in the format of config/records/*.json. */
const hedgeCutting = {
  $schema: '../../schemas/record-type.schema.json',
  name: RECORD_TYPE,
  title: 'Hedge Cutting Records',
  itemTitle: 'hedge cutting record',
  access: FEATURE,
  schema: {
    type: 'object',
    required: ['cut_date', 'boundary_name', 'length_cut_m'],
    properties: {
      cut_date: { type: 'string', title: 'Cut date', format: 'date' },
      boundary_name: {
        type: 'string',
        title: 'Hedge or field boundary',
        maxLength: 80,
        description: 'The name used on the farm map, e.g. "Long Meadow north boundary".',
      },
      length_cut_m: {
        type: 'number',
        title: 'Length cut',
        minimum: 1,
        maximum: 50000,
      },
      cutting_method: {
        type: 'string',
        title: 'Cutting method',
        enum: ['Flail', 'Circular saw', 'Hand tools'],
      },
      in_nesting_window: {
        type: 'string',
        title: 'Within the bird-nesting window (1 March – 31 August)?',
        enum: ['Yes', 'No'],
        description: 'Cutting in the nesting window needs a reason recorded in the notes.',
      },
      contractor: { type: 'string', title: 'Contractor', maxLength: 120 },
      notes: { type: 'string', title: 'Notes', maxLength: 2000 },
    },
  },
  uiSchema: {
    'ui:order': [
      'cut_date',
      'boundary_name',
      'length_cut_m',
      'cutting_method',
      'in_nesting_window',
      'contractor',
      'notes',
    ],
    cut_date: { 'ui:widget': 'date', 'ui:options': { storage: 'date-string' } },
    length_cut_m: { 'ui:widget': 'numeric', 'ui:options': { decimals: 0, unit: 'm' } },
    cutting_method: { 'ui:widget': 'dropdown' },
    in_nesting_window: { 'ui:widget': 'dropdown' },
    notes: { 'ui:widget': 'textarea' },
  },
  listColumns: [
    { field: 'cut_date', format: 'medium' },
    { field: 'boundary_name', label: 'Boundary', format: 'text' },
    { field: 'length_cut_m', label: 'Length (m)', format: 'number' },
    { field: 'cutting_method', label: 'Method', format: 'text' },
    { field: 'in_nesting_window', label: 'Nesting window', format: 'text' },
    { field: 'contractor', format: 'text' },
  ],
  defaultSort: { field: 'cut_date', direction: 'desc' },
};

let interrupted = false;
const onSignal = (signal: NodeJS.Signals) => {
  // Children in our process group get the signal too; cleaning up happens in finally.
  interrupted = true;
  console.error(`config-only: ${signal} received, stopping…`);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
const checkInterrupted = () => {
  if (interrupted) throw new Error('Interrupted.');
};

const started = Date.now();
let code = 1;
let copy: string | undefined;
let dataDir: string | undefined;
let server: ServerProcess | undefined;
try {
  const chromium = ensureChromium();
  copy = copyRepository('fdp-config-only');
  console.log(`config-only: copied the repository to ${copy}`);
  addRecordType(copy, hedgeCutting, 'Hedge Cutting');
  console.log(
    `config-only: added config/records/${RECORD_TYPE}.json, its route and its Data Entry item`,
  );

  validateCopy(copy, 'config-only');
  checkInterrupted();
  const dist = buildCopy(copy, 'config-only');
  checkInterrupted();

  dataDir = realpathSync(mkdtempSync(path.join(tmpdir(), 'fdp-config-only-data-')));
  console.log(`config-only: starting the copy's production server with DATA_DIR=${dataDir}`);
  server = await startServer(
    { DATA_DIR: dataDir, STATIC_DIR: dist, DATABASE_URL: '' },
    120_000,
    copy,
  );
  console.log(`config-only: the server answers at ${server.baseUrl}`);
  checkInterrupted();

  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--config',
      'playwright.config-only.ts',
      ...process.argv.slice(2),
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: server.baseUrl, CHROMIUM_PATH: chromium },
    },
  );
  code = result.status ?? 1;
} catch (error) {
  console.error(`config-only: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (copy) removeCopy(copy);
  console.log(
    `config-only: finished in ${((Date.now() - started) / 1000).toFixed(1)} s, exit code ${String(code)}`,
  );
}
process.exit(code);

import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { useEffect, useMemo, useState } from 'react';
import type { GhgInputs } from '../../../shared/calc/ghg.ts';
import { methodFor } from '../../../shared/calc/tables.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useApi } from '../../core/api/use-api.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { calculatorForm, type LoadedCalculatorForm } from '../../engine/calculator-form.ts';
import { RECORD_FORM_DEFAULTS } from '../../engine/record-validator.ts';
import { useScreenHandle } from '../../engine/use-screen-handle.ts';
import { registeredWidgets } from '../../engine/widget-registry.ts';
import { Button } from '../../ui/Button.tsx';
import { Chart } from '../../ui/chart/Chart.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import '../../widgets/index.ts';
import { plainFormErrors } from '../records/form-errors.ts';
import { CalculatorActions } from '../../ui/calculator/CalculatorActions.tsx';
import { UnconfirmedValues } from '../../ui/calculator/UnconfirmedValues.tsx';
import {
  comparisonRows,
  evaluateGhgInputs,
  ghgCsv,
  inputRows,
  unconfirmedLines,
  type ComparisonRow,
  type InputRow,
  type MethodChoice,
} from './ghg-compare.ts';
import panel from '../../ui/forms/FormPanel.module.css';
import styles from './GhgWhatIf.module.css';
import {
  SavedCalculations,
  type SavedCalculation,
  type TotalColumn,
} from '../../ui/calculator/SavedCalculations.tsx';
import { OpenedCalculation } from '../../ui/calculator/OpenedCalculation.tsx';
import { mergeInputs, withPrefillHints, type Prefill } from './prefill.tsx';
import {
  SOURCE_LABELS,
  type EfSet,
  type GhgSource,
  type GwpSet,
} from '../../../shared/calc/ghg.ts';
import { useCalculatorDraft } from '../../ui/calculator/use-calculator-draft.tsx';
import inputsVersion from '../../../schemas/calculators/inputs/ghg.schema.json?hash';

export const ENTERPRISES = ['dairy', 'beef', 'sheep', 'arable'] as const;

/** A figure with as many decimals as its size needs: 1,097,669 · 5,488.3 · 0.686. */
export function figure(value: number | null): string {
  if (value === null) return '—';
  const size = Math.abs(value);
  return formatNumber(value, size >= 1000 ? 0 : size >= 10 ? 1 : size >= 1 ? 2 : 4);
}

const signed = (value: number | null, text: string) =>
  value !== null && value > 0 ? `+${text}` : text;

export const changeText = (row: ComparisonRow) =>
  row.change === null ? '—' : signed(row.change, `${figure(row.change)} ${row.unit}`);

export const changePctText = (row: ComparisonRow) =>
  row.changePct === null ? '—' : signed(row.changePct, `${formatNumber(row.changePct, 1)}%`);

const RESULT_COLUMNS: Column<ComparisonRow>[] = [
  {
    key: 'measure',
    header: 'Measure',
    rowHeader: true,
    cell: (r) => (
      <>
        {r.group === 'By source' || r.group === 'By gas' || r.group === 'Gas mass' ? (
          <span className={styles.group}>{r.group}: </span>
        ) : null}
        {r.label}
        {r.unconfirmed && (
          <span className={styles.flag} title="Uses a value marked unconfirmed: see the notes">
            {' '}
            (unconfirmed value used)
          </span>
        )}
      </>
    ),
  },
  {
    key: 'baseline',
    header: 'Baseline',
    numeric: true,
    cell: (r) => `${figure(r.baseline)} ${r.unit}`,
  },
  {
    key: 'scenario',
    header: 'Scenario',
    numeric: true,
    cell: (r) => `${figure(r.scenario)} ${r.unit}`,
  },
  { key: 'change', header: 'Change', numeric: true, cell: changeText },
  { key: 'change_pct', header: 'Change %', numeric: true, cell: changePctText },
];

const INPUT_COLUMNS: Column<InputRow>[] = [
  { key: 'input', header: 'Input', rowHeader: true, cell: (r) => r.label },
  { key: 'unit', header: 'Unit', cell: (r) => r.unit },
  {
    key: 'baseline',
    header: 'Baseline',
    numeric: true,
    cell: (r) => (typeof r.baseline === 'number' ? figure(r.baseline) : (r.baseline ?? '—')),
  },
  {
    key: 'scenario',
    header: 'Scenario',
    numeric: true,
    cell: (r) => (typeof r.scenario === 'number' ? figure(r.scenario) : (r.scenario ?? '—')),
  },
];

/** Saved inputs without the method choice, which the screen holds apart from the forms. */
function formInputs(saved: Record<string, unknown>): GhgInputs {
  const { gwp: _gwp, efSet: _efSet, ...rest } = saved;
  return rest;
}

/** A saved result's headline figure: its total emissions. */
const TOTAL: TotalColumn = {
  header: 'Total',
  text: (totals) => (typeof totals.co2e === 'number' ? `${figure(totals.co2e)} kg CO2e` : '—'),
};

const NO_SUBMIT = { 'ui:submitButtonOptions': { norender: true } };

interface InputsFormProps {
  loaded: LoadedCalculatorForm;
  data: GhgInputs;
  label: string;
  /** The baseline's prefill from records, shown as a hint under each input it set. */
  prefill?: Prefill | null;
  onChange: (data: GhgInputs) => void;
}

/** One side's inputs: the calculator form through RJSF, checked as the user types. */
function InputsForm({ loaded, data, label, prefill, onChange }: InputsFormProps) {
  const { form, validator } = loaded;
  const transformErrors = useMemo(
    () => plainFormErrors(form.schema as Parameters<typeof plainFormErrors>[0]),
    [form.schema],
  );
  return (
    <div className={panel.form}>
      <Form
        schema={form.schema}
        uiSchema={{
          ...(prefill ? withPrefillHints(form.uiSchema, prefill, data) : form.uiSchema),
          ...NO_SUBMIT,
        }}
        formData={data}
        validator={validator}
        widgets={registeredWidgets()}
        idPrefix={`ghg-${label.toLowerCase()}`}
        liveValidate
        showErrorList={false}
        transformErrors={transformErrors}
        experimental_defaultFormStateBehavior={RECORD_FORM_DEFAULTS}
        noHtml5Validate
        onError={() => undefined}
        onChange={(e: IChangeEvent) => onChange(e.formData as GhgInputs)}
      />
    </div>
  );
}

/**
 * GHG What If? for one enterprise (the route's options.enterprise): a baseline and a scenario
 * as RJSF forms, evaluated in the browser with shared/calc as the user types (the same code the
 * evaluation API runs), compared by source and by gas, charted, printable and exported as CSV.
 */
export default function GhgWhatIfScreen() {
  const handle = useScreenHandle();
  const enterprise = handle?.options.enterprise ?? 'dairy';
  const formName = `ghg-${enterprise}`;
  const unit = useAccount((s) => s.unit);
  const [loaded, setLoaded] = useState<LoadedCalculatorForm | null>(null);
  const [baseline, setBaseline] = useState<GhgInputs | null>(null);
  // null: the scenario is still the baseline's copy, and follows it.
  const [scenario, setScenario] = useState<GhgInputs | null>(null);
  const [choice, setChoice] = useState<MethodChoice>({ gwp: 'AR5', efSet: 'uk-wet' });
  // The saved calculation last opened (shown as computed then) and the saved baseline in use.
  const [opened, setOpened] = useState<SavedCalculation | null>(null);
  const [savedBaselineId, setSavedBaselineId] = useState<string | null>(null);
  // The baseline's prefill from the unit's records, laid over the form's starting values once.
  const calculator = `ghg-${enterprise}`;
  const prefill = useApi<Prefill>(
    unit ? `/units/${String(unit.id)}/calculators/${calculator}/prefill` : null,
    undefined,
    { revalidateOnFocus: false },
  );
  const [prefilled, setPrefilled] = useState<Prefill | null>(null);
  const [touched, setTouched] = useState(false);
  if (loaded && prefill.data && prefilled !== prefill.data && !touched) {
    setPrefilled(prefill.data);
    setBaseline(mergeInputs(loaded.form.defaults, prefill.data.inputs) as GhgInputs);
  }

  useEffect(() => {
    let current = true;
    calculatorForm(formName).then(
      (form) => {
        if (!current) return;
        setLoaded(form);
        setBaseline(structuredClone(form.form.defaults));
        setScenario(null);
      },
      (error: unknown) => reportError(error),
    );
    return () => {
      current = false;
    };
  }, [formName]);

  const scenarioInputs = scenario ?? baseline;
  const base = useMemo(
    () => (baseline ? evaluateGhgInputs(baseline, choice) : null),
    [baseline, choice],
  );
  const next = useMemo(
    () => (scenarioInputs ? evaluateGhgInputs(scenarioInputs, choice) : null),
    [scenarioInputs, choice],
  );

  // The baseline, the scenario (null while it follows the baseline) and the method.
  const draft = useCalculatorDraft({
    calculator,
    version: inputsVersion,
    unsaved: `an unsaved ${loaded?.form.title ?? handle?.title ?? 'GHG What If?'} comparison`,
    inputs: { baseline, scenario, choice },
    pristine: !loaded || !baseline || (!touched && scenario === null),
    onResume: (kept) => {
      setTouched(true);
      setChoice(kept.choice);
      setBaseline(kept.baseline);
      setScenario(kept.scenario);
    },
  });

  if (!loaded || !baseline || !scenarioInputs) return <PageLoading />;

  const title = loaded.form.title ?? handle?.title ?? 'GHG What If?';
  const method = methodFor('ghg', choice.method);
  const rows = comparisonRows(base?.result ?? null, next?.result ?? null);
  const unconfirmed = unconfirmedLines(base?.result ?? null, next?.result ?? null);
  const shown = Object.keys(loaded.form.schema.properties ?? {});
  const inputs = inputRows(baseline, scenarioInputs, shown);
  const sources = rows.filter((r) => r.group === 'By source');

  const openSaved = (calculation: SavedCalculation, savedBaseline: SavedCalculation | null) => {
    const gwp = calculation.inputs.gwp === 'AR6' ? 'AR6' : 'AR5';
    const efSet = calculation.inputs.efSet === 'aggregated' ? 'aggregated' : 'uk-wet';
    setChoice({ gwp, efSet });
    setTouched(true);
    if (calculation.role === 'baseline') {
      setBaseline(formInputs(calculation.inputs));
      setScenario(null);
      setSavedBaselineId(calculation.id);
    } else {
      if (savedBaseline) {
        setBaseline(formInputs(savedBaseline.inputs));
        setSavedBaselineId(savedBaseline.id);
      }
      setScenario(formInputs(calculation.inputs));
    }
    setOpened(calculation);
  };

  return (
    <>
      <h1>{title}</h1>
      {draft.notice}
      {loaded.form.lead && <p className={styles.lead}>{loaded.form.lead}</p>}

      <section className={styles.method} aria-labelledby="ghg-method-heading">
        <h2 id="ghg-method-heading">Method</h2>
        <p>
          <strong>{method.version}</strong>: {method.title}.
        </p>
        <div className={styles.choices}>
          <label>
            GWP set{' '}
            <select
              value={choice.gwp}
              onChange={(e) => setChoice({ ...choice, gwp: e.target.value as GwpSet })}
            >
              <option value="AR5">AR5 (CH4 28, N2O 265; default)</option>
              <option value="AR6">AR6 (CH4 27.0, N2O 273)</option>
            </select>
          </label>
          <label>
            Emission factors{' '}
            <select
              value={choice.efSet}
              onChange={(e) => setChoice({ ...choice, efSet: e.target.value as EfSet })}
            >
              <option value="uk-wet">UK wet climate, disaggregated (default)</option>
              <option value="aggregated">IPCC aggregated defaults</option>
            </select>
          </label>
        </div>
        <p className={styles.printOnly}>
          GWP set: {choice.gwp}. Emission factors:{' '}
          {choice.efSet === 'uk-wet' ? 'UK wet climate, disaggregated' : 'IPCC aggregated defaults'}
          .
        </p>
        <p className={styles.note}>
          Fuel and electricity use DESNZ 2024 factors, which are published as kg CO2e (with AR5
          GWPs) and do not change with the GWP set chosen.
        </p>
      </section>

      {opened && unit && (
        <OpenedCalculation
          unitId={unit.id}
          opened={opened}
          compares
          total={TOTAL}
          onRecomputed={setOpened}
        />
      )}

      <section className={styles.inputs} aria-labelledby="ghg-inputs-heading">
        <h2 id="ghg-inputs-heading">Inputs</h2>
        <Tabs
          label="Baseline and scenario"
          tabs={[
            {
              label: 'Baseline',
              content: (
                <>
                  {prefilled && Object.keys(prefilled.sources).length > 0 && (
                    <p className={styles.note}>
                      Inputs marked “From …” come from your unit’s records; the others are the
                      example’s until you change them.
                    </p>
                  )}
                  {prefill.error !== undefined && (
                    <p className={styles.note}>
                      Your unit’s records could not be read, so nothing was prefilled.
                    </p>
                  )}
                  {(prefilled?.notes ?? []).map((n) => (
                    <p key={n} className={styles.note}>
                      {n}
                    </p>
                  ))}
                  <InputsForm
                    loaded={loaded}
                    data={baseline}
                    label="Baseline"
                    prefill={prefilled}
                    onChange={(data) => {
                      setTouched(true);
                      setBaseline(data);
                    }}
                  />
                </>
              ),
            },
            {
              label: 'Scenario',
              content: (
                <>
                  <p className={styles.note}>
                    {scenario === null
                      ? 'The scenario is a copy of the baseline: change what you want to try (fewer cows, less fertiliser…).'
                      : 'The scenario differs from the baseline where you changed it.'}
                  </p>
                  {scenario !== null && (
                    <Button variant="secondary" onClick={() => setScenario(null)}>
                      Reset the scenario to the baseline
                    </Button>
                  )}
                  <InputsForm
                    loaded={loaded}
                    data={scenarioInputs}
                    label="Scenario"
                    onChange={(data) => setScenario(data)}
                  />
                </>
              ),
            },
          ]}
        />
      </section>

      <section className={styles.printOnly} aria-label="Inputs summary">
        <DataTable
          narrow="cards"
          caption="Inputs"
          columns={INPUT_COLUMNS}
          rows={inputs}
          rowKey={(r) => r.key}
        />
      </section>

      <section aria-labelledby="ghg-results-heading">
        <h2 id="ghg-results-heading">Results</h2>
        {[
          ...(base?.problems ?? []).map((p) => `Baseline: ${p}`),
          ...(next?.problems ?? []).map((p) => `Scenario: ${p}`),
        ].map((p) => (
          <p key={p} className={styles.problem} role="alert">
            {p}
          </p>
        ))}
        <p className={styles.total} role="status">
          Scenario against baseline:{' '}
          <strong>{rows[0] ? `${changeText(rows[0])} (${changePctText(rows[0])})` : '—'}</strong>
        </p>
        <DataTable
          narrow="cards"
          caption="Emissions per year: baseline and scenario"
          columns={RESULT_COLUMNS}
          rows={rows}
          rowKey={(r) => r.key}
        />
        <Chart
          kind="grouped-bars"
          horizontal
          title="Emissions by source, kg CO2e per year"
          unit="kg CO2e"
          decimals={0}
          categories={sources.map((r) => SOURCE_LABELS[r.key.slice('source:'.length) as GhgSource])}
          series={[
            { name: 'Baseline', style: 'baseline', values: sources.map((r) => r.baseline) },
            { name: 'Scenario', style: 'scenario', values: sources.map((r) => r.scenario) },
          ]}
        />
        <UnconfirmedValues
          items={unconfirmed.map((line) => ({
            key: line.id,
            label: line.label,
            note: line.notes?.join(' ') ?? 'a value marked unconfirmed.',
          }))}
        />
        <h3>Notes</h3>
        <ul className={styles.notes}>
          {(base?.result?.notes ?? []).map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>

      {unit && (
        <SavedCalculations
          unitId={unit.id}
          calculator={calculator}
          compares
          total={TOTAL}
          baselineId={savedBaselineId}
          inputsOf={(role) => ({
            ...(role === 'baseline' ? baseline : scenarioInputs),
            gwp: choice.gwp,
            efSet: choice.efSet,
          })}
          onSaved={(calculation) => {
            if (calculation.role === 'baseline') setSavedBaselineId(calculation.id);
            // The draft has served once what it holds is saved: the scenario, or a baseline
            // with no scenario of its own.
            if (calculation.role !== 'baseline' || scenario === null) draft.saved();
          }}
          onOpen={openSaved}
        />
      )}

      <CalculatorActions
        calculator={formName}
        csv={() =>
          ghgCsv({
            title,
            unitName: unit?.name ?? '',
            choice,
            methodVersion: method.version,
            inputs,
            results: rows,
          })
        }
      />
    </>
  );
}

import Form from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useId, useState, type CSSProperties } from 'react';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { useBranding } from '../../core/branding/branding-store.ts';
import { DEMO_BRAND } from '../../../shared/branding/resolve-brand.ts';
import { themeDisplayName } from '../../core/branding/theme-display-name.ts';
import { THEME_NAMES } from '../../core/branding/theme-loader.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { recordTypes } from '../../engine/all-record-types.ts';
import type { RecordTypeConfig } from '../../engine/record-types.ts';
import { RECORD_FORM_DEFAULTS, recordValidator } from '../../engine/record-validator.ts';
import { registeredWidgets } from '../../engine/widget-registry.ts';
import { Button } from '../../ui/Button.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { Chart } from '../../ui/chart/Chart.tsx';
import form from '../../ui/forms/FormPanel.module.css';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import '../../widgets/index.ts';
import styles from './StyleGuideScreen.module.css';
import { SAMPLE_CHARTS } from './chart-samples.ts';

const ROLES = ['primary', 'secondary', 'success', 'info', 'warning', 'danger'] as const;
const VARIANTS = ['dim', 'striped', 'hover', 'border', 'fg', 'accent', 'shadow'] as const;
/** A record type whose form has a text, numeric (decimals and unit), date and dropdown field. */
const SAMPLE_FORM = 'feed-deliveries';

type Delivery = readonly [date: string, product: string, tonnes: string, price: string];

const DELIVERIES: readonly Delivery[] = [
  ['03/03/2026', 'Dairy 18 nuts', '12.00', '312.50'],
  ['17/03/2026', 'Rapeseed meal', '8.40', '268.00'],
  ['31/03/2026', 'Dairy 18 nuts', '12.00', '309.00'],
  ['14/04/2026', 'Minerals', '0.50', '1,140.00'],
];

const DELIVERY_COLUMNS: Column<Delivery>[] = [
  { key: 'date', header: 'Date', cell: (row) => row[0] },
  { key: 'product', header: 'Product', cell: (row) => row[1] },
  { key: 'tonnes', header: 'Tonnes', numeric: true, cell: (row) => row[2] },
  { key: 'price', header: '£/t', numeric: true, cell: (row) => row[3] },
];

const swatch = (background: string, color?: string): CSSProperties =>
  ({ '--swatch': background, '--swatch-text': color ?? 'inherit' }) as CSSProperties;

/**
 * The hidden style guide (config/routes.json, linked from no menu): every shared component in the
 * active theme, and a switch between all themes, for designers and for screenshot tests.
 */
export default function StyleGuideScreen() {
  const brand = useBranding((s) => s.brand);
  const pickerId = useId();
  const locked = brand === DEMO_BRAND;
  useEffect(() => {
    const alerts = useAlerts.getState();
    const ids = [
      alerts.success('<strong>Saved.</strong> The monthly record for March was added.', {
        autoClose: 0,
      }),
      alerts.info('Grower returns for the 2026 season are due by 31 March.', { autoClose: 0 }),
      alerts.warn('Two deliveries have no batch number yet.', { autoClose: 0 }),
      alerts.error('The lab results could not be loaded. Try again in a moment.', { autoClose: 0 }),
    ];
    return () => ids.forEach((id) => id !== null && useAlerts.getState().remove(id));
  }, []);

  return (
    <div className={styles.guide}>
      <h1>Style guide</h1>
      <p>
        <label htmlFor={pickerId}>Theme</label>{' '}
        <select
          id={pickerId}
          value={brand}
          disabled={locked}
          onChange={(e) => useBranding.getState().setBrand(e.target.value)}
        >
          {[...THEME_NAMES].map((name) => (
            <option key={name} value={name}>
              {themeDisplayName(name)} ({name})
            </option>
          ))}
        </select>
        {locked && <span className={styles.note}> The demo theme, once chosen, stays.</span>}
      </p>

      <section aria-labelledby="sg-colours">
        <h2 id="sg-colours">Colours</h2>
        <div className={styles.roles}>
          {ROLES.map((role) => (
            <figure key={role} className={styles.role}>
              <figcaption
                className={styles.base}
                style={swatch(`var(--color-${role})`, `var(--color-${role}-text)`)}
              >
                {role}
              </figcaption>
              <div
                className={styles.variant}
                style={swatch(
                  `var(--color-${role}-highlight)`,
                  `var(--color-${role}-highlight-text)`,
                )}
              >
                highlight
              </div>
              {VARIANTS.map((variant) => (
                <div
                  key={variant}
                  className={styles.variant}
                  style={swatch(`var(--color-${role}-${variant})`)}
                >
                  {/* A swatch may be any tone, so its name sits on a chip of its own. */}
                  <span className={styles.chip}>{variant}</span>
                </div>
              ))}
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby="sg-buttons">
        <h2 id="sg-buttons">Buttons and dialogs</h2>
        <div className={styles.row}>
          <Button
            onClick={() =>
              void useDialogs.getState().confirm({
                title: 'Delete this feed delivery?',
                message: 'It will be removed for everyone who can see this unit.',
                confirmLabel: 'Delete',
                style: 'danger',
              })
            }
          >
            Open a confirm dialog
          </Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="success">Success</Button>
          <Button variant="warning">Warning</Button>
          <Button variant="danger">Danger</Button>
          <Button disabled>Disabled</Button>
          <Button
            variant="secondary"
            onClick={() => useAlerts.getState().success('Your notification settings were saved.')}
          >
            Show a toast
          </Button>
        </div>
      </section>

      <section aria-labelledby="sg-alerts">
        <h2 id="sg-alerts">Alerts</h2>
        <p className={styles.note}>
          Shown as toasts over the page: top right under the navigation bar, along the bottom on a
          phone. Errors stay until closed; the others close after 5 seconds unless hovered or
          focused.
        </p>
      </section>

      <section aria-labelledby="sg-tabs">
        <h2 id="sg-tabs">Tabs and cards</h2>
        <Tabs
          label="Sample tabs"
          tabs={[
            {
              label: 'Herd',
              content: (
                <div className={styles.cards}>
                  <article className={styles.card}>
                    <h3>Cows in milk</h3>
                    <p className={styles.figure}>212</p>
                  </article>
                  <article className={styles.card}>
                    <h3>Butterfat</h3>
                    <p className={styles.figure}>4.12%</p>
                  </article>
                  <article className={styles.card}>
                    <h3>Milk price</h3>
                    <p className={styles.figure}>41.25 ppl</p>
                  </article>
                </div>
              ),
            },
            { label: 'Feed', content: <p>Concentrates fed this month: 61.4 tonnes.</p> },
            { label: 'Documents', content: <p>No documents have been uploaded yet.</p> },
          ]}
        />
      </section>

      <section aria-labelledby="sg-table">
        <h2 id="sg-table">Table</h2>
        <DataTable
          narrow="scroll"
          className={styles.branded}
          caption="Feed deliveries"
          columns={DELIVERY_COLUMNS}
          rows={DELIVERIES}
          rowKey={(row) => row.join()}
        />
      </section>

      <section aria-labelledby="sg-charts">
        <h2 id="sg-charts">Charts</h2>
        {SAMPLE_CHARTS.map((chart) => (
          <Chart key={chart.title} {...chart} />
        ))}
      </section>

      <section aria-labelledby="sg-form">
        <h2 id="sg-form">Form</h2>
        <SampleForm type={recordTypes.get(SAMPLE_FORM)} />
      </section>
    </div>
  );
}

function SampleForm({ type }: { type: RecordTypeConfig | undefined }) {
  const [validator, setValidator] = useState<ValidatorType | null>(null);
  useEffect(() => {
    if (!type) return;
    recordValidator(type).then(
      (v) => setValidator(() => v),
      (error: unknown) => reportError(error),
    );
  }, [type]);
  if (!type) return <p>The sample record type “{SAMPLE_FORM}” is not configured.</p>;
  if (!validator) return <PageLoading />;
  return (
    <div className={form.form}>
      <Form
        schema={type.schema}
        uiSchema={type.uiSchema}
        validator={validator}
        widgets={registeredWidgets()}
        showErrorList={false}
        experimental_defaultFormStateBehavior={RECORD_FORM_DEFAULTS}
        onSubmit={() => useAlerts.getState().info('This is the style guide: nothing was saved.')}
      >
        <Button type="submit">Check the form</Button>
      </Form>
    </div>
  );
}

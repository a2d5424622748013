import { useId } from 'react';
import { useAccount } from '../../core/account/account-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { MenuButton } from './MenuButton.tsx';
import styles from './AccountPickers.module.css';

function run(action: () => void) {
  try {
    action();
  } catch (error) {
    reportError(error);
  }
}

interface Option {
  id: number;
  text: string;
}

/**
 * A picker of the navigation bar: its visible label, then a menu button (the shared MenuButton)
 * showing the current choice, whose menu lists the options as menuitemradio, the current one
 * checked. Long texts are truncated on the button (its title holds the whole) and wrap in the menu.
 */
function Picker({
  label,
  current,
  placeholder,
  options,
  onChoose,
  align,
}: {
  label: string;
  current: number | undefined;
  placeholder: string;
  options: Option[];
  onChoose: (id: number) => void;
  align: 'start' | 'end';
}) {
  const labelId = useId();
  const shown = options.find((o) => o.id === current)?.text ?? placeholder;
  return (
    <span className={styles.picker}>
      <span id={labelId} className={styles.label} data-picker-label="">
        {label}
      </span>
      <MenuButton
        as="span"
        labelId={labelId}
        align={align}
        title={shown}
        buttonClassName={styles.button}
        label={<span className={styles.value}>{shown}</span>}
      >
        {(close) =>
          options.map((option) => (
            <li key={option.id} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={option.id === current}
                tabIndex={-1}
                className={styles.option}
                onClick={() => {
                  close({ restoreFocus: true });
                  if (option.id !== current) run(() => onChoose(option.id));
                }}
              >
                {option.text}
              </button>
            </li>
          ))
        }
      </MenuButton>
    </span>
  );
}

/** The units of the active farm by name; choosing one selects it (the spec's Switch Unit). */
export function UnitPicker({ label, align = 'end' }: { label: string; align?: 'start' | 'end' }) {
  const farm = useAccount((s) => s.farm);
  const unit = useAccount((s) => s.unit);
  const selectUnit = useAccount((s) => s.selectUnit);
  if (!farm) return null;
  return (
    <Picker
      label={label}
      align={align}
      current={unit?.id}
      placeholder="Switch Unit"
      options={[...farm.units]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((u) => ({ id: u.id, text: u.name }))}
      onChoose={selectUnit}
    />
  );
}

/** The active unit's plans as "provider name: plan name"; choosing one selects it. */
export function PlanPicker({ label, align = 'end' }: { label: string; align?: 'start' | 'end' }) {
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const selectPlan = useAccount((s) => s.selectPlan);
  if (!unit) return null;
  return (
    <Picker
      label={label}
      align={align}
      current={plan?.id}
      placeholder="Choose a plan"
      options={unit.packages.map((p) => ({ id: p.id, text: `${p.provider_name}: ${p.name}` }))}
      onChoose={selectPlan}
    />
  );
}

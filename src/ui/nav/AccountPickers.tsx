import { useId, type ReactNode } from 'react';
import { useAccount } from '../../core/account/account-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import styles from './AccountPickers.module.css';

function run(action: () => void) {
  try {
    action();
  } catch (error) {
    reportError(error);
  }
}

function Picker({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <span className={styles.picker}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </span>
  );
}

/** The units of the active farm by name; choosing one selects it (the spec's Switch Unit). */
export function UnitPicker({ label }: { label: string }) {
  const farm = useAccount((s) => s.farm);
  const unit = useAccount((s) => s.unit);
  const selectUnit = useAccount((s) => s.selectUnit);
  if (!farm) return null;
  return (
    <Picker label={label}>
      {(id) => (
        <select
          id={id}
          value={unit?.id ?? ''}
          onChange={(e) => run(() => selectUnit(Number(e.target.value)))}
        >
          {!unit && <option value="">Switch Unit</option>}
          {[...farm.units]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
        </select>
      )}
    </Picker>
  );
}

/** The active unit's plans as "provider name: plan name"; choosing one selects it. */
export function PlanPicker({ label }: { label: string }) {
  const unit = useAccount((s) => s.unit);
  const plan = useAccount((s) => s.plan);
  const selectPlan = useAccount((s) => s.selectPlan);
  if (!unit) return null;
  return (
    <Picker label={label}>
      {(id) => (
        <select
          id={id}
          value={plan?.id ?? ''}
          onChange={(e) => run(() => selectPlan(Number(e.target.value)))}
        >
          {!plan && <option value="">Choose a plan</option>}
          {unit.packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.provider_name}: {p.name}
            </option>
          ))}
        </select>
      )}
    </Picker>
  );
}

import { useId, useState } from 'react';
import { fieldNameProblem, LAND_USES } from '../../../shared/mifarm/rules.ts';
import type { FieldInput } from '../../../shared/mifarm/types.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './MiFarm.module.css';
import { refusalOf } from '../../core/api/refusal.ts';

interface FieldFormProps {
  legend: string;
  submitLabel: string;
  initial: FieldInput;
  /** Sends the input; a 406 it throws is shown beside the form's inputs. */
  onSubmit: (input: FieldInput) => Promise<void>;
}

/** A field's name and land use, to add a field by hand or to rename one and set its land use. */
export function FieldForm({ legend, submitLabel, initial, onSubmit }: FieldFormProps) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [landUse, setLandUse] = useState(initial.land_use);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const nameProblem = fieldNameProblem(name);
    if (nameProblem) {
      setProblem(`The field's name ${nameProblem}.`);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await onSubmit({ name, land_use: landUse });
    } catch (e) {
      const refused = refusalOf(e);
      if (refused) setProblem(refused.message);
      else reportError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={`${id}-legend`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-legend`}>{legend}</h3>
      <div className={styles.row}>
        <div>
          <label htmlFor={`${id}-name`}>Field name</label>
          <input
            id={`${id}-name`}
            className={styles.input}
            value={name}
            maxLength={60}
            aria-invalid={problem !== null}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-use`}>Land use</label>
          <select id={`${id}-use`} value={landUse} onChange={(e) => setLandUse(e.target.value)}>
            {LAND_USES.map((use) => (
              <option key={use}>{use}</option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={saving} busyLabel="Saving…">
          {submitLabel}
        </Button>
      </div>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

import type { AssessmentInput } from '../../../shared/assessments/types.ts';
import { Button } from '../../ui/Button.tsx';
import { DayField } from '../../ui/forms/DayField.tsx';
import styles from './VetVision.module.css';

export type ActionDraft = { key: number; description: string; owner: string; dueOn: string | null };

let nextKey = 1;
export const actionDraft = (action?: AssessmentInput['actions'][number]): ActionDraft => ({
  key: nextKey++,
  description: action?.description ?? '',
  owner: action?.owner ?? '',
  dueOn: action?.dueOn ?? null,
});

/** The actions agreed at the visit: what, who and by when, each removable; Add action. */
export function ActionsEditor({
  actions,
  onChange,
}: {
  actions: readonly ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
}) {
  const change = (key: number, patch: Partial<ActionDraft>) =>
    onChange(actions.map((a) => (a.key === key ? { ...a, ...patch } : a)));
  return (
    <fieldset className={styles.section}>
      <legend>Actions</legend>
      {actions.length === 0 && <p>No action agreed yet.</p>}
      {actions.map((action, i) => (
        <div
          key={action.key}
          className={styles.action}
          role="group"
          aria-label={`Action ${String(i + 1)}`}
        >
          <label>
            What is to be done
            <input
              type="text"
              value={action.description}
              maxLength={500}
              onChange={(e) => change(action.key, { description: e.target.value })}
            />
          </label>
          <label>
            Who
            <input
              type="text"
              value={action.owner}
              maxLength={120}
              onChange={(e) => change(action.key, { owner: e.target.value })}
            />
          </label>
          <DayField
            label="Due"
            value={action.dueOn}
            onChange={(dueOn) => change(action.key, { dueOn })}
          />
          <Button
            variant="secondary"
            onClick={() => onChange(actions.filter((a) => a.key !== action.key))}
          >
            Remove<span className="visually-hidden"> action {i + 1}</span>
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => onChange([...actions, actionDraft()])}>
        Add action
      </Button>
    </fieldset>
  );
}

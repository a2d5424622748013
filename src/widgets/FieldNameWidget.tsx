import type { WidgetProps } from '@rjsf/utils';
import type { MiFarmField } from '../../shared/mifarm/types.ts';
import { evaluate } from '../../shared/access/conditions.ts';
import { useAccount } from '../core/account/account-store.ts';
import { useApi } from '../core/api/use-api.ts';
import { ruleBook } from '../engine/rules.ts';
import { useAvailableFlags } from '../engine/use-flags.ts';
import styles from './Widget.module.css';

/**
 * A field's name, as text: where MiFarm is open on the selected unit (rule `mifarm`), the unit's
 * mapped fields (GET /api/units/{unit}/fields) are offered as suggestions to pick from, so that a
 * crop or lab record names the field exactly as its MiFarm page looks it up; any other name can
 * still be typed, for a field not mapped.
 */
export function FieldNameWidget(props: WidgetProps) {
  const { id, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  // RJSF types the value as any; a field's name is text.
  const value: unknown = props.value;
  const unit = useAccount((s) => s.unit);
  const flags = useAvailableFlags();
  const mapped = unit !== null && evaluate({ rule: 'mifarm' }, flags, ruleBook.lookup);
  const { data: fields } = useApi<MiFarmField[]>(
    mapped ? `/units/${String(unit.id)}/fields` : null,
  );
  const listId = `${id}-fields`;
  const schema = props.schema as { maxLength?: number };
  return (
    <span className={styles.field}>
      <input
        id={id}
        name={props.htmlName ?? id}
        className={styles.input}
        type="text"
        value={typeof value === 'string' ? value : ''}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        maxLength={schema.maxLength}
        autoComplete="off"
        list={fields && fields.length > 0 ? listId : undefined}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {fields && fields.length > 0 && (
        <datalist id={listId}>
          {fields.map((field) => (
            <option key={field.id} value={field.name} />
          ))}
        </datalist>
      )}
    </span>
  );
}

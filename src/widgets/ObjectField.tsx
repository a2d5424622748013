import type { FieldProps, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import { rjsfField } from './rjsf-field.ts';

const RjsfObjectField = rjsfField('ObjectField');

/** The same keys, each with the same value (not a deep comparison: the values are RJSF's own). */
function sameEntries(a: UiSchema | undefined, b: UiSchema | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * RJSF's object field, given the same uiSchema object for as long as its entries are the same.
 * RJSF's SchemaField hands its object field a copy of the uiSchema on every render (the class
 * names and style taken out), and each property's change and rename handlers depend on it: so
 * every time the form took a value, each of a record type's couple of hundred fields rendered
 * again to find nothing changed (a tenth of a second of a slow phone's time on the 200-field
 * bench form, in the middle of typing). With the same uiSchema, only the field whose value
 * changed renders.
 */
export function ObjectField(props: FieldProps) {
  const [kept, keep] = useState(props.uiSchema);
  const uiSchema = sameEntries(kept, props.uiSchema) ? kept : props.uiSchema;
  if (uiSchema !== kept) keep(uiSchema);
  return <RjsfObjectField {...props} uiSchema={uiSchema} />;
}

import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { rjsfField } from './rjsf-field.ts';

const RjsfNumberField = rjsfField('NumberField');
const RjsfStringField = rjsfField('StringField');

/**
 * RJSF's number field, except that a field the numeric widget shows goes straight to the string
 * field, as RJSF's does once it has the text: RJSF's keeps typed text such as "4." showing and
 * reads the browser's decimal separator, building an Intl.NumberFormat on every render (an eighth
 * of the main thread's time opening a record form of 120 number fields); the numeric widget keeps
 * its own text and gives the form numbers.
 */
export function NumberField(props: FieldProps) {
  if (getUiOptions(props.uiSchema).widget !== 'numeric') return <RjsfNumberField {...props} />;
  const StringField = props.registry.fields.StringField ?? RjsfStringField;
  return <StringField {...props} />;
}

import { getDefaultRegistry } from '@rjsf/core';
import type { Field } from '@rjsf/utils';

/** RJSF's own field of that name, which the project's fields wrap or hand over to. */
export function rjsfField(name: 'NumberField' | 'ObjectField' | 'StringField'): Field {
  const field = getDefaultRegistry().fields[name];
  if (!field) throw new Error(`RJSF has no ${name}.`);
  return field;
}

import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

// RJSF's default registry always has its RadioWidget; the type allows a registry without it.
const RadioWidget = getDefaultRegistry().widgets.RadioWidget as NonNullable<
  ReturnType<typeof getDefaultRegistry>['widgets']['RadioWidget']
>;

/**
 * RJSF's radio buttons (a survey's yes/no questions) inside a radio group named by the question:
 * RJSF's own label points at no labelable element, so each "Yes" and "No" was heard without it.
 */
export function RadioGroupWidget(props: WidgetProps) {
  return (
    <div role="radiogroup" aria-label={props.label} aria-required={props.required || undefined}>
      <RadioWidget {...props} />
    </div>
  );
}

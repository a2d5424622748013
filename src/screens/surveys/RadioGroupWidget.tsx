import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

const { RadioWidget } = getDefaultRegistry().widgets;

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

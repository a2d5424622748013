import { deepEquals, type RegistryWidgetsType, type WidgetProps } from '@rjsf/utils';
import { startTransition, useEffect, useEffectEvent, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';

type Widget = ComponentType<WidgetProps>;
type ChangeArguments = Parameters<WidgetProps['onChange']>;

/** How long typing pauses before the form is given what was typed. */
export const TYPING_PAUSE_MS = 300;

/** What the user gave a field, ahead of the form; `left` once they have left the field. */
interface Own {
  change: ChangeArguments;
  left: boolean;
}

/**
 * A widget that shows what the user types at once and gives it to the form when typing pauses
 * (TYPING_PAUSE_MS) or the field is left, in a transition (React's startTransition) that yields
 * to the next keystroke. RJSF works out its whole state again for every change (defaults, the
 * retrieved schema, each field's props; the record form then hands the data back), which on a
 * form of a couple of hundred fields takes more than a frame on a slow phone: a keystroke must
 * not wait for it. When the form is submitted before it has the value (Enter in a text input,
 * or Save clicked at once), the value goes in first, synchronously, as RJSF reads its own state
 * on submit. The field shows the user's value until they have left it and the form holds it; a
 * value the form sets from outside meanwhile (RJSF's forms here set none) shows after that.
 */
function deferChanges(Inner: Widget): Widget {
  function Deferred(props: WidgetProps) {
    const { id, onChange, onBlur } = props;
    // RJSF types the value as any; here it is whatever the field stores.
    const value: unknown = props.value;
    const [own, setOwn] = useState<Own | null>(null);
    const has = own !== null && deepEquals(own.change[0], value);
    if (own?.left && has) setOwn(null);

    const give = (change: ChangeArguments) => startTransition(() => onChange(...change));

    // Typing paused: the form takes the value.
    useEffect(() => {
      if (own === null || own.left || has) return undefined;
      const paused = setTimeout(() => give(own.change), TYPING_PAUSE_MS);
      return () => clearTimeout(paused);
    });

    // Submitted before the form has the value: it goes in before RJSF reads the form's state (a
    // listener on the form runs before React's, which listens at the root).
    const submitting = useEffectEvent(() => {
      if (own !== null && !has) flushSync(() => onChange(...own.change));
    });
    const waiting = own !== null;
    useEffect(() => {
      if (!waiting) return undefined;
      const form = document.getElementById(id)?.closest('form');
      form?.addEventListener('submit', submitting, true);
      return () => form?.removeEventListener('submit', submitting, true);
    }, [waiting, id]);

    return (
      <Inner
        {...props}
        value={own === null ? value : (own.change[0] as unknown)}
        onChange={(...change: ChangeArguments) => setOwn({ change, left: false })}
        onBlur={(blurredId: string, blurred: unknown) => {
          if (own !== null && !own.left) {
            setOwn({ change: own.change, left: true });
            if (!has) give(own.change);
          }
          onBlur(blurredId, blurred);
        }}
      />
    );
  }
  Deferred.displayName = `Deferred(${Inner.displayName ?? Inner.name})`;
  return Deferred;
}

const wrapped = new WeakMap<Widget, Widget>();

/** The same widgets, each taking changes as deferChanges does; the same wrapper every time. */
export function deferredWidgets(widgets: Readonly<RegistryWidgetsType>): RegistryWidgetsType {
  return Object.fromEntries(
    Object.entries(widgets).map(([name, widget]) => {
      const inner = widget as Widget;
      let deferred = wrapped.get(inner);
      if (!deferred) {
        deferred = deferChanges(inner);
        wrapped.set(inner, deferred);
      }
      return [name, deferred];
    }),
  );
}

import type { RegistryWidgetsType } from '@rjsf/utils';

/**
 * Form widgets by the name uiSchemas use ("ui:widget": "numeric"). A widget joins by registering;
 * the record forms hand the whole registry to RJSF.
 */
const widgets: RegistryWidgetsType = {};

export function registerWidget(name: string, widget: RegistryWidgetsType[string]): void {
  if (Object.hasOwn(widgets, name))
    throw new Error(`A widget named "${name}" is already registered.`);
  widgets[name] = widget;
}

export const registeredWidgets = (): Readonly<RegistryWidgetsType> => widgets;

import type { RegistryWidgetsType } from '@rjsf/utils';
import { registerWidget } from '../engine/widget-registry.ts';
import { DateWidget } from './DateWidget.tsx';
import { DropdownWidget } from './DropdownWidget.tsx';
import { FieldNameWidget } from './FieldNameWidget.tsx';
import { WIDGET_NAMES, type WidgetName } from './names.ts';
import { NumericWidget } from './NumericWidget.tsx';

// The project's widgets, by the names uiSchemas use; RJSF's own text widget serves "text".
const widgets: Record<WidgetName, RegistryWidgetsType[string]> = {
  numeric: NumericWidget,
  date: DateWidget,
  dropdown: DropdownWidget,
  'field-name': FieldNameWidget,
};

for (const name of WIDGET_NAMES) registerWidget(name, widgets[name]);

import { registerWidget } from '../engine/widget-registry.ts';
import { DateWidget } from './DateWidget.tsx';
import { DropdownWidget } from './DropdownWidget.tsx';
import { NumericWidget } from './NumericWidget.tsx';

// The project's widgets, by the names uiSchemas use; RJSF's own text widget serves "text".
registerWidget('numeric', NumericWidget);
registerWidget('date', DateWidget);
registerWidget('dropdown', DropdownWidget);

/**
 * The names of the project's widgets, as uiSchemas use them ("ui:widget": "numeric"). Plain data:
 * src/widgets/index.ts registers a component under each, and `npm run validate:config` imports
 * this module in Node to check the uiSchemas of config/records/.
 */
export const WIDGET_NAMES = ['numeric', 'date', 'dropdown', 'field-name'] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];

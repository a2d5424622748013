/**
 * The JSON Schema (2020-12) of the "options" a route of config/routes.json may give a screen: an
 * object schema naming every option, closed to others. validate:config checks each route's options
 * against its screen's schema.
 */
export interface ScreenOptionsSchema {
  type: 'object';
  properties: Readonly<Record<string, object>>;
  required?: readonly string[];
  additionalProperties: false;
}

/**
 * What a screen declares about itself, without its component: plain data that
 * `npm run validate:config` imports in Node to check config/routes.json.
 */
export interface ScreenDeclaration {
  /** The name config/routes.json uses in "screen". */
  name: string;
  /** The options its routes may set; a screen without a schema takes no options. */
  options?: ScreenOptionsSchema;
  /**
   * The option that names the record type the screen shows (config/records/<name>.json):
   * validate:config checks the file exists and that the route's condition requires its rule.
   */
  recordTypeOption?: string;
}

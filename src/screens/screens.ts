import type { ScreenDeclaration } from '../engine/screen-declaration.ts';

/**
 * Every screen, by the name config/routes.json uses, with the options its routes may set (a
 * screen without "options" takes none). Plain data, with no component: src/screens/index.ts pairs
 * each with its lazily loaded page, and `npm run validate:config` imports this module in Node to
 * check every route's screen and options.
 */
export const screenDeclarations = [
  { name: 'login' },
  { name: 'auth' },
  { name: 'logout' },
  { name: 'dashboard' },
  { name: 'units-list' },
  {
    name: 'records',
    options: {
      type: 'object',
      properties: {
        recordType: {
          description: 'The record type the screen shows: the name of config/records/<name>.json.',
          type: 'string',
          pattern: '^[a-z][a-z0-9-]*$',
        },
      },
      required: ['recordType'],
      additionalProperties: false,
    },
    recordTypeOption: 'recordType',
  },
  { name: 'contact-us' },
  { name: 'help' },
  { name: 'privacy-policy' },
  { name: 'cookie-policy' },
  { name: 'branding' },
  { name: 'not-found' },
  { name: 'documents' },
  {
    name: 'articles',
    options: {
      type: 'object',
      properties: {
        kind: {
          description: 'Which articles the list shows.',
          enum: ['news', 'knowledge-exchange'],
        },
      },
      required: ['kind'],
      additionalProperties: false,
    },
  },
  { name: 'change-password' },
  { name: 'notifications' },
  { name: 'vet-vision' },
  // Routes whose screen this release lacks: the page says so plainly (see UnbuiltScreen).
  { name: 'unbuilt' },
  {
    name: 'benchmarking',
    options: {
      type: 'object',
      properties: {
        provider: {
          description:
            'The provider whose benchmarking report the route shows (config/benchmarking/insights.json); the route itself is built from that entry.',
          type: 'string',
          pattern: '^[a-z][a-z0-9_]*$',
        },
      },
      required: ['provider'],
      additionalProperties: false,
    },
  },
  { name: 'style-guide' },
  { name: 'farm-contact' },
  { name: 'stir-calculator' },
  {
    name: 'report',
    options: {
      type: 'object',
      properties: {
        kind: {
          description:
            'Which report the screen shows: the id of a report of config/reports/ (validate:config checks it).',
          type: 'string',
          pattern: '^[a-z][a-z0-9-]*$',
        },
      },
      required: ['kind'],
      additionalProperties: false,
    },
  },
  { name: 'eiq-calculator' },
  {
    name: 'ghg-what-if',
    options: {
      type: 'object',
      properties: {
        enterprise: {
          description:
            'The enterprise the calculator is for: its form is config/calculators/ui/ghg-<enterprise>.json.',
          enum: ['dairy', 'beef', 'sheep', 'arable'],
        },
      },
      required: ['enterprise'],
      additionalProperties: false,
    },
  },
  { name: 'bps-what-if' },
  { name: 'surveys' },
  { name: 'submissions' },
  { name: 'survey-responses' },
  { name: 'remittance' },
  { name: 'farm-remittance' },
  { name: 'customer-insights' },
  { name: 'mifarm' },
  { name: 'consent' },
] as const satisfies readonly ScreenDeclaration[];

export type ScreenName = (typeof screenDeclarations)[number]['name'];

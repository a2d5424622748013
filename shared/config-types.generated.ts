/**
 * Generated from schemas/*.json by `npm run gen:config-types` (scripts/lib/config-types.ts).
 * Do not edit: change the schema and run the command again; tests/server/config-types.test.ts
 * fails when this file is stale.
 */

// app.schema.json

/**
 * Product-wide constants read by the portal and the server (config/app.json).
 */
export interface AppConfig {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * Sent as the app-name parameter with server log entries.
   */
  appName: string;
  /**
   * The product's own name, shown in the page title and the footer.
   */
  productName: string;
  /**
   * The first host label of the product's own domain; a host starting with it gets the default branding.
   */
  productLabel: string;
  /**
   * Identifies this portal to the API; sent in the application key header of every request.
   */
  applicationKey: string;
  /**
   * Prefix shared by every local storage, session storage and cache key the portal writes.
   */
  storageKeyPrefix: string;
  /**
   * Text of the powered-by line in the footer.
   */
  poweredBy: string;
  /**
   * Default contact details shown on Contact Us when the provider supplies no content of its own.
   */
  support: {
    /**
     * Telephone number of the support desk.
     */
    phone: string;
    /**
     * E-mail address of the support desk.
     */
    email: string;
    /**
     * When the support desk answers.
     */
    officeHours: string;
  };
  /**
   * How much the portal logs to the browser console, and whether it sends entries to the server.
   */
  logging: {
    /**
     * Entries at or above this level go to the browser console (TRACE=0 … OFF=7).
     */
    level: 'TRACE' | 'DEBUG' | 'INFO' | 'LOG' | 'WARN' | 'ERROR' | 'FATAL' | 'OFF';
    /**
     * Entries at or above this level are sent to serverUrl; OFF sends nothing.
     */
    serverLevel: 'TRACE' | 'DEBUG' | 'INFO' | 'LOG' | 'WARN' | 'ERROR' | 'FATAL' | 'OFF';
    /**
     * Where server log entries are posted, with the app name as the app query parameter.
     */
    serverUrl: string;
  };
  /**
   * BCP 47 language tag the portal formats numbers, money and dates with (en-GB: 1,234.5 and day-first dates), whatever the browser's language. Numeric fields also read a typed or pasted comma by this locale's grouping (see src/widgets/numeric-text.ts).
   */
  locale: string;
  /**
   * ISO 4217 code of the currency money is shown in (GBP: £1,234.50).
   */
  currency: string;
  /**
   * How dates are shown, as patterns of dd (day), MM (month number), MMM (short month name), MMMM (month name) and yyyy (year), with spaces, slashes, dots, commas or dashes between.
   */
  dateFormats: {
    /**
     * e.g. dd/MM/yyyy → 05/09/2026. Date fields show and read typed dates in this order (day first when dd comes before MM), so it must use only dd, MM and yyyy.
     */
    short: string;
    /**
     * e.g. dd MMM yyyy → 05 Sep 2026.
     */
    medium: string;
    /**
     * e.g. dd MMMM yyyy → 05 September 2026.
     */
    long: string;
    /**
     * e.g. MMM yyyy → Sep 2026.
     */
    monthYear: string;
    /**
     * e.g. dd MMM → 05 Sep.
     */
    dayMonth: string;
  };
  /**
   * The portal paths the code itself links to or sends users to, by name, so that no screen hard-codes one. `npm run validate:config` checks that a route of config/routes.json serves each (a redirect route counts, followed to its screen), and that login and afterLogout are public.
   */
  paths: {
    /**
     * The dashboard: where a signed-in user lands when no returnUrl says otherwise, where the logo leads once signed in, and the way back from Not available, Page Not Found, error pages and pages that need a unit first.
     */
    home: string;
    /**
     * The login page: where a protected page sends a visitor who is not signed in (with the wanted address in returnUrl), where the logo leads before sign-in and where a failed single sign-on goes. A returnUrl pointing at it is ignored. Must be a public route.
     */
    login: string;
    /**
     * Where a user goes once logged out or once the session is lost, and where a logged-out visitor of a protected page or of the logout page is sent (by default the site root, which config/routes.json redirects to the login page). Must be a public route, or redirect to one.
     */
    afterLogout: string;
    /**
     * The company user's list of units (Select Farm), linked from pages that need a farm chosen first.
     */
    selectUnit: string;
    /**
     * The branding page, linked from the quick login of development builds.
     */
    branding: string;
    /**
     * The Privacy Policy, linked from the footer and the other legal pages.
     */
    privacyPolicy: string;
    /**
     * The Cookie Policy, linked from the legal pages.
     */
    cookiePolicy: string;
  };
}

// assessment.schema.json

/**
 * A question as <section id>/<question name>.
 */
export type AnswerRef = string;

/**
 * One published version of a Vet Vision assessment template (config/assessments/<id>@<version>.json): its sections of questions, each a JSON Schema and uiSchema drawn with the same engine and widgets as survey pages, and the headline KPIs worked out from the answers, each with its unit and a cited source for its meaning. A published version is never edited: a change is a new file with the next version; an assessment keeps the version it was started on.
 */
export interface AssessmentTemplateFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema: string;
  /**
   * The template's id in the API, the same in every version; the file is named <id>@<version>.json.
   */
  id: string;
  /**
   * 1 for the first published version, one more for each change; must equal the number in the file name.
   */
  version: number;
  /**
   * The template's name as the new-assessment chooser and the list show it.
   */
  title: string;
  /**
   * A sentence on what the visit covers.
   */
  description?: string;
  /**
   * The herd the template is for.
   */
  species: 'dairy' | 'beef';
  /**
   * The form's sections, in order; each as a survey page (schemas/survey.schema.json#/$defs/page).
   *
   * @minItems 1
   */
  pages: SurveyPageFile[];
  /**
   * The scores the list, the assessment and the trends show, each worked out from the answers by shared/assessments/ (the same code on the server and in the browser).
   *
   * @minItems 1
   */
  kpis: AssessmentKpiFile[];
}
export interface AssessmentKpiFile {
  /**
   * Unique in the template; the key of its value in the API.
   */
  id: string;
  /**
   * The KPI's name on screen.
   */
  title: string;
  /**
   * The unit shown after the value, e.g. %, '000 cells/ml, mg/PCU, cases per 100 cows per year.
   */
  unit: string;
  /**
   * How many decimals the value is shown and rounded to.
   */
  decimals: number;
  /**
   * Whether a lower or a higher value is better, for the trend's words.
   */
  better: 'lower' | 'higher';
  /**
   * From the answers: one answer as it is; a ratio of the sum of some answers over the sum of others, times a scale (no value while any is unanswered or the whole is 0); or the share of yes answers among the listed yes/no questions answered.
   */
  compute:
    | {
        /**
         * How the KPI is worked out.
         */
        kind: 'answer';
        /**
         * The question whose answer is the KPI, as <section>/<question>.
         */
        answer: string;
      }
    | {
        /**
         * How the KPI is worked out.
         */
        kind: 'ratio';
        /**
         * The answers summed above the line.
         *
         * @minItems 1
         */
        part: AnswerRef[];
        /**
         * The answers summed below the line.
         *
         * @minItems 1
         */
        whole: AnswerRef[];
        /**
         * What the ratio is multiplied by: 100 for a percentage or per 100 animals.
         */
        scale: number;
      }
    | {
        /**
         * How the KPI is worked out.
         */
        kind: 'yes-share';
        /**
         * The yes/no questions whose yes answers are counted.
         *
         * @minItems 1
         */
        answers: AnswerRef[];
      };
  /**
   * Where the KPI's meaning comes from, shown beside it: the scheme or body, its address when public, and a note on how to read the figure.
   */
  source: {
    /**
     * The scheme, body or method the KPI follows, e.g. AHDB Mobility Score.
     */
    title: string;
    /**
     * Where the source can be read, when it is public.
     */
    url?: string;
    /**
     * What the figure means and how it is measured, shown beside the KPI.
     */
    note: string;
  };
}

// benchmarking-enterprise.schema.json

/**
 * config/benchmarking/enterprises/<id>.json: an enterprise farms are benchmarked in: which unit types belong to it, the KPIs worked out from their records (in the measures of config/reports/, checked the same way by validate:config) or read from saved calculations, the size bands, and the fixed groups a figure may be released for.
 */
export interface BenchmarkEnterpriseFile {
  /**
   * The relative path of the JSON Schema this file is checked against.
   */
  $schema: string;
  /**
   * The enterprise id: the file name without .json, used in the API (enterprise=dairy).
   */
  id: string;
  /**
   * The name shown to users.
   */
  title: string;
  /**
   * Names of the unit types (the unit_types table) benchmarked in this enterprise.
   *
   * @minItems 1
   */
  unitTypes: string[];
  /**
   * How records fall into periods: calendar years ("year") or harvest years ("season").
   */
  grain: 'year' | 'season';
  /**
   * The record types read, as in config/reports/: each with the date that puts its records in periods.
   */
  sources: ReportSources;
  /**
   * The figures worked out of the records, in the measure language of config/reports/ (fields aggregated, formulas).
   */
  measures: ReportMeasures;
  /**
   * A farm's period counts only when this measure reaches atLeast (twelve months recorded).
   */
  complete: {
    /**
     * The name of a measure of this enterprise.
     */
    measure: string;
    /**
     * The value the measure must reach for the period to count.
     */
    atLeast: number;
    /**
     * The rule in words, shown to farms: "a year counts once all 12 months are recorded".
     */
    text: string;
  };
  /**
   * The measure that puts a farm in a size band, and the bands in rising order; the last has no upper bound.
   */
  size: {
    /**
     * The name of a measure of this enterprise.
     */
    measure: string;
    /**
     * The name shown to users.
     */
    title: string;
    /**
     * The bands in rising order.
     *
     * @minItems 1
     */
    bands: {
      /**
       * The enterprise id: the file name without .json, used in the API (enterprise=dairy).
       */
      id: string;
      /**
       * The name shown to users.
       */
      title: string;
      /**
       * The band holds sizes below this value (and at or above the previous band's); the last band has none.
       */
      below?: number;
    }[];
  };
  /**
   * The figures benchmarked, in the order shown.
   *
   * @minItems 1
   */
  kpis: (
    | {
        /**
         * The name of a measure of this enterprise.
         */
        measure: string;
        /**
         * The enterprise id: the file name without .json, used in the API (enterprise=dairy).
         */
        id?: string;
        /**
         * The name shown to users.
         */
        title?: string;
        /**
         * Only the records with these field values (a crop): the measure's row of that group.
         */
        where?: {
          [k: string]: string;
        };
        /**
         * Which way is better: the top 25% are the highest values ("higher") or the lowest ("lower").
         */
        better: 'higher' | 'lower';
      }
    | {
        /**
         * The enterprise id: the file name without .json, used in the API (enterprise=dairy).
         */
        id: string;
        /**
         * The name shown to users.
         */
        title: string;
        /**
         * Shown beside every figure: "kg CO₂e/kg FPCM".
         */
        unit: string;
        /**
         * How many decimals figures are shown with.
         */
        decimals: number;
        /**
         * What the figure means, shown beside it.
         */
        description?: string;
        /**
         * The calculator whose baseline saved in the period gives the figure.
         */
        calculation: string;
        /**
         * The total of its result (shared/surveys/calculation-totals.ts).
         */
        total: string;
        /**
         * Which way is better: the top 25% are the highest values ("higher") or the lowest ("lower").
         */
        better: 'higher' | 'lower';
      }
  )[];
  /**
   * The fixed groups of this enterprise, by id: what a farm is grouped by besides the enterprise and period. No other grouping is ever computed.
   */
  groups: {
    [k: string]: {
      /**
       * The name shown to users.
       */
      title: string;
      /**
       * What members share besides the enterprise and period: their region, their size band, both or neither.
       */
      by: ('region' | 'size')[];
    };
  };
}

// benchmarking-insights.schema.json

/**
 * config/benchmarking/insights.json: which providers offer their farms a benchmarking report (one entry each: its route /<provider>-insights, menu link and API are built from it), and what company staff's Customer Insights covers.
 */
export interface BenchmarkInsightsFile {
  /**
   * The relative path of the JSON Schema this file is checked against.
   */
  $schema: string;
  /**
   * One entry per provider that offers its farms a benchmarking report.
   */
  benchmarks: {
    /**
     * The provider's reference: the route is /<reference with - for _>-insights.
     */
    provider: string;
    /**
     * An enterprise of config/benchmarking/enterprises/.
     */
    enterprise: string;
    /**
     * The name shown to users.
     */
    title: string;
    /**
     * The menu link: the label of the config/menus.json dropdown it goes in, and a condition narrowing it further. None: no menu link.
     */
    menu?: {
      /**
       * The label of a dropdown of config/menus.json.
       */
      dropdown: string;
      /**
       * When the link or report is offered, in the condition language of config/rules.json.
       */
      condition?: Condition;
    };
    /**
     * Who may open the report: its rule benchmark:<provider>, which its route, API and menu link check. Must name the provider's flag (provider:<reference>).
     */
    condition: Condition;
    /**
     * The KPIs shown, by id, in order.
     *
     * @minItems 1
     */
    kpis: string[];
    /**
     * The fixed groups shown, by id, in order.
     *
     * @minItems 1
     */
    groups: string[];
  }[];
  /**
   * What company staff's Customer Insights (/customer-insights) covers.
   */
  customerInsights: {
    /**
     * The enterprises Customer Insights covers, by id.
     *
     * @minItems 1
     */
    enterprises: string[];
    /**
     * The group of each enterprise a provider's suppliers are compared with.
     */
    comparison: string;
  };
}

// benchmarking-rules.schema.json

/**
 * config/benchmarking/rules.json: the confidentiality rules every benchmark figure released to someone other than its own farm goes through (shared/benchmarking/confidential.ts), with their sources, and the regions farms are grouped by.
 */
export interface BenchmarkRulesFile {
  /**
   * The relative path of the JSON Schema this file is checked against.
   */
  $schema: string;
  /**
   * Farms a group needs, after outliers are left out, before any statistic of it is released (DairyBase: 20). Never below 5: the server raises a smaller value to 5.
   */
  minGroupSize: number;
  /**
   * (n,k) dominance: a group is suppressed when its `top` largest farms hold more than `percent`% of its total.
   */
  dominance: {
    /**
     * How many of the largest farms are counted together (2: the two largest).
     */
    top: number;
    /**
     * The share of the group's total they may hold at most.
     */
    percent: number;
  };
  /**
   * Values more than this many interquartile ranges below Q1 or above Q3 are left out before the statistics (OverseerFM: 1.5).
   */
  outlierIqr: number;
  /**
   * Labels by group size, lowest first.
   *
   * @minItems 1
   */
  bands: {
    /**
     * The smallest group size with this label.
     */
    from: number;
    /**
     * The accuracy label: Indicative, Good, Excellent.
     */
    label: string;
  }[];
  /**
   * How many periods the trends show, ending with the newest complete one.
   */
  years: number;
  /**
   * Where each rule comes from.
   *
   * @minItems 1
   */
  sources: {
    /**
     * The rule in words.
     */
    rule: string;
    /**
     * Where the rule comes from: publication and address.
     */
    source: string;
  }[];
  /**
   * The regions farms are grouped by, each with the counties of a farm's address that fall in it.
   */
  regions: {
    [k: string]: {
      /**
       * The name shown to users.
       */
      title: string;
      /**
       * The counties of farms' addresses (farms.county) in this region.
       *
       * @minItems 1
       */
      counties: string[];
    };
  };
}

// condition.schema.json

/**
 * A flag name, or an object combining conditions.
 */
export type Condition =
  | string
  | {
      /**
       * Every one must hold.
       *
       * @minItems 1
       */
      all: Condition[];
    }
  | {
      /**
       * One of them must hold.
       *
       * @minItems 1
       */
      any: Condition[];
    }
  | {
      /**
       * The condition that must not hold.
       */
      not: Condition;
    }
  | {
      /**
       * How many must hold.
       */
      atLeast: number;
      /**
       * The conditions counted.
       *
       * @minItems 1
       */
      of: Condition[];
    }
  | {
      /**
       * A key of config/rules.json, record:<record type name> or report:<report id>.
       */
      rule: string;
    };

// consent.schema.json

/**
 * The categories of a unit's data that a farm shares with, or withholds from, each provider whose plan the unit holds (config/consent.json; issue 20 point 3). Each record type is a category of its own, records:<type>; the others are listed here. A rule of config/rules.json names the categories it shows in its "consent" property; a report's and a benchmark's categories are the record types they read. The server refuses company staff a rule on a unit where the farm has withheld one of its categories from their provider, and logs every read it answers.
 */
export interface ConsentFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * How each record type's own category (records:<type>) is named to the farm; {recordType} stands for the record type's title.
   */
  recordsCategory: {
    /**
     * The category's name; {recordType} is replaced by the record type's title.
     */
    title: string;
    /**
     * What sharing it shows; {recordType} is replaced by the record type's title.
     */
    description: string;
  };
  /**
   * The categories besides the record types, in the order the farm sees them.
   *
   * @minItems 1
   */
  categories: ConsentCategoryEntry[];
  /**
   * The log of every read by company staff of a unit's data, which the farm can read.
   */
  accessLog: {
    /**
     * How long an entry is kept before the daily clean-up removes it.
     */
    retentionDays: number;
  };
}
/**
 * One kind of the unit's data.
 */
export interface ConsentCategoryEntry {
  /**
   * The name rules, the API and the access log use; never records or records:<anything>.
   */
  id: string;
  /**
   * The category as the farm knows it.
   */
  title: string;
  /**
   * What a provider sees when it is shared.
   */
  description: string;
}

// context-flags.schema.json

/**
 * The flags the engine sets from the session (config/context-flags.json), usable in any condition without a definition in config/features.json. Adding one here needs code that sets it (shared/access/state.ts).
 */
export interface ContextFlagsFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * Each context flag with what it means.
   */
  flags: ContextFlag[];
}
/**
 * One flag the engine sets.
 */
export interface ContextFlag {
  /**
   * Its name in conditions.
   */
  flag: string;
  /**
   * When it is on, in plain English.
   */
  description: string;
  /**
   * session: the portal and the server both compute it; brand: only the browser knows it, so rules the server enforces may not use it.
   */
  known: 'session' | 'brand';
}

// dashboard.schema.json

/**
 * The unit dashboard (config/dashboard.json): the key figures of each enterprise, each a measure or headline of a report of config/reports/ worked out by shared/reports over the last 12 months and the 12 before; actual against forecast for the current period; and the sources of open actions. npm run validate:config checks that every report, measure, headline and action source named exists.
 */
export interface DashboardSchemaJson {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * How many periods of each grain make the latest window ("the last 12 months"): 12 months, or one year or harvest season.
   */
  window: {
    /**
     * Months in a window of a monthly report.
     */
    month: number;
    /**
     * Years in a window of a yearly report.
     */
    year: number;
    /**
     * Harvest seasons in a window of a seasonal report.
     */
    season: number;
  };
  /**
   * Every key figure by its id: a headline of a report, or a measure of it combined across the window's periods.
   */
  kpis: {
    [k: string]:
      | {
          /**
           * The card's title; the headline's own title without one.
           */
          title?: string;
          /**
           * The id of the report of config/reports/ the figure comes from; its card links to that report's route.
           */
          report: string;
          /**
           * The id of one of the report's headlines, worked out over the dashboard's window instead of its own.
           */
          headline: string;
          /**
           * How the figure is worked out, in a sentence shown under it.
           */
          description?: string;
        }
      | {
          /**
           * The card's title.
           */
          title: string;
          /**
           * The id of the report of config/reports/ the figure comes from; its card links to that report's route.
           */
          report: string;
          /**
           * The id of one of the report's measures, its value in each period of the window.
           */
          measure: string;
          /**
           * How the periods' values combine (shared/reports/aggregates.ts): sum, mean, weighted-mean, first, last, count, min, max.
           */
          across: 'sum' | 'mean' | 'weighted-mean' | 'first' | 'last' | 'count' | 'min' | 'max';
          /**
           * For weighted-mean: the report's measure each period's value is weighted by (concentrate per litre by litres).
           */
          weight?: string;
          /**
           * A field of the report's records: the figure again for each of its values (area by crop).
           */
          by?: string;
          /**
           * How the figure is worked out, in a sentence shown under it.
           */
          description?: string;
        };
  };
  /**
   * The key figures of each unit type, by its name as units carry it (Dairy, Beef …), in the order of the cards. A figure whose report the plan does not offer is left out.
   */
  enterprises: {
    [k: string]: string[];
  };
  /**
   * Pairs of measures of a forecast report shown for the current period, where the plan offers the report.
   */
  forecasts: {
    /**
     * The id of a report of config/reports/ that has both measures.
     */
    report: string;
    /**
     * What is compared, as the block names it.
     */
    title: string;
    /**
     * The report's measure of the recorded figure.
     */
    actual: string;
    /**
     * The report's measure of the forecast figure.
     */
    forecast: string;
  }[];
  /**
   * The sources of open actions listed, by their names in server/dashboard/action-sources.ts, in order.
   */
  actions: string[];
}

// features.schema.json

/**
 * Every flag menus and routes may test (config/features.json), each with the user or plan features it needs. Flags derived from the user and plan (provider:… and business_role:…) are described under derived.
 */
export interface FeaturesFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * Available flags; a flag is on when the user has every user feature and the active plan every package feature it requires.
   */
  flags: FeatureFlag[];
  /**
   * Flags the engine derives rather than looks up; listed so that conditions using them validate and so that they are documented.
   */
  derived: DerivedFlag[];
}
/**
 * One available flag.
 */
export interface FeatureFlag {
  /**
   * The name conditions use.
   */
  flag: string;
  /**
   * What the flag unlocks, for people reading the config.
   */
  title: string;
  /**
   * The features the flag needs: user features (the user's accessTo) and package features (the active plan's features, plus unit_has_mifarm_support and bcms_cts from the unit).
   */
  requires: {
    /**
     * Every one must be true in the user's accessTo.
     *
     * @minItems 1
     */
    user?: string[];
    /**
     * Every one must be among the active plan's available features.
     *
     * @minItems 1
     */
    package?: string[];
  };
}
/**
 * A family of flags the engine derives.
 */
export interface DerivedFlag {
  /**
   * The flag's form: a family with a placeholder, or a flag about the session (who is logged in, what is selected, what content the brand has).
   */
  pattern:
    | 'provider:{id}'
    | 'provider:{reference}'
    | 'business_role:{sub_type}'
    | 'company_user'
    | 'farm_user'
    | 'unit_selected'
    | 'plan_selected'
    | 'has_help_content'
    | 'has_contact_content';
  /**
   * Who gets the flag and from where.
   */
  description: string;
}

// menus.schema.json

/**
 * A link, an action or a dropdown.
 */
export type MenuItem = LinkItem | ActionItem | DropdownItem | PickerItem;

/**
 * The navigation bar (config/menus.json): the items shown logged out, the main items and the account items shown logged in, each with the condition under which it shows.
 */
export interface MenusConfig {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * Shown to visitors who are not logged in.
   */
  loggedOut: MenuItem[];
  /**
   * Shown on the left to logged-in users, in order.
   */
  main: MenuItem[];
  /**
   * Shown on the right to logged-in users (My Account).
   */
  account: MenuItem[];
}
/**
 * A link to a route of config/routes.json. It shows where the route's condition holds, narrowed by its own condition if it has one, and is labelled with the route's title unless it names its own label.
 */
export interface LinkItem {
  /**
   * The path of a route of config/routes.json (not a redirect): the link goes there and inherits the route's title and condition.
   */
  route: string;
  /**
   * The link's text; the route's title when omitted.
   */
  label?: string;
  /**
   * Shows the link in fewer states than its route allows (schemas/condition.schema.json). validate:config refuses a condition that would show the link where its route is refused: it must imply the route's condition.
   */
  condition?: Condition;
  /**
   * For company users, following the link deselects the unit (My Dashboard).
   */
  clearsUnit?: boolean;
}
/**
 * A button that runs a portal action instead of following a link.
 */
export interface ActionItem {
  /**
   * The button's text.
   */
  label: string;
  /**
   * logout: asks "Logout?" and logs out after confirmation.
   */
  action: 'logout';
  /**
   * When the button shows; always when omitted.
   */
  condition?: Condition;
}
/**
 * A menu of links; hidden when none of its links shows.
 */
export interface DropdownItem {
  /**
   * The menu's button text.
   */
  label: string;
  /**
   * The links and actions of the menu.
   *
   * @minItems 1
   */
  items: (LinkItem | ActionItem)[];
  /**
   * When the menu shows at all; always when omitted.
   */
  condition?: Condition;
  /**
   * How the menu shows when only one of its links does: as a dropdown anyway (dropdown), as a plain link under the menu's label (menuLabel, e.g. Reports) or under the item's own label (itemLabel, e.g. Farm Documents).
   */
  whenOneItem?: 'dropdown' | 'menuLabel' | 'itemLabel';
}
/**
 * A dropdown of the user's own units or plans, built at run time; choosing one selects it.
 */
export interface PickerItem {
  /**
   * The menu's button text.
   */
  label: string;
  /**
   * unit: the units of the active farm, by name; plan: the active unit's plans, as provider name and plan name.
   */
  picker: 'unit' | 'plan';
  /**
   * When the picker shows; use several_units or several_plans so that it shows only when there is a choice.
   */
  condition?: Condition;
}

// record-type.schema.json

/**
 * A field of schema.properties, by name, or an object naming it with the period a date field stands for.
 */
export type UniqueKeyField =
  | string
  | {
      /**
       * Name of a date field (format "date") of schema.properties.
       */
      field: string;
      /**
       * 'day' compares the whole date, 'month' its year and month, 'year' its year.
       */
      per: 'day' | 'month' | 'year';
    };

/**
 * One kind of farm record (config/records/<name>.json): its form, its list and the feature that unlocks it. The server validates every write against `schema`; the portal renders `schema` and `uiSchema` with RJSF.
 */
export interface RecordTypeFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema: string;
  /**
   * The record type's name in URLs and the API; must equal the file name without .json.
   */
  name: string;
  /**
   * Plural heading of the list screen, e.g. 'Monthly Records'.
   */
  title: string;
  /**
   * Singular name of one record, e.g. 'monthly record'; used in buttons and messages.
   */
  itemTitle?: string;
  /**
   * When the record type is open to a user (schemas/condition.schema.json), known as the rule "record:<name>": usually the plan feature flag that unlocks it ("records_monthly"), narrowed where needed to kinds of user, providers or business roles. The server enforces it on every call for the unit the call names, trying each plan on the unit the user may see; the route showing the records refers to it ({"rule": "record:<name>"}), and menu links inherit it from the route.
   */
  access: Condition;
  /**
   * JSON Schema (draft-07 keywords) of one record's data: an object whose properties are the form's fields.
   */
  schema: {
    /**
     * Always 'object'.
     */
    type: 'object';
    /**
     * One JSON Schema per field, keyed by field name.
     */
    properties: {
      [k: string]: unknown;
    };
    [k: string]: unknown;
  };
  /**
   * RJSF uiSchema: widgets (numeric, date, dropdown, text) and their options, field order.
   */
  uiSchema: {
    [k: string]: unknown;
  };
  /**
   * The fields shown as columns of the records list, in order; each must be a field of the schema.
   *
   * @minItems 1
   */
  listColumns: ListColumn[];
  /**
   * The list's order when the user has chosen none.
   */
  defaultSort: {
    /**
     * A field of the schema, usually a list column.
     */
    field: string;
    /**
     * asc for oldest or smallest first, desc for newest or largest first.
     */
    direction: 'asc' | 'desc';
  };
  /**
   * The fields that no two records of this type on one unit may share, e.g. [{"field": "month", "per": "month"}] for one monthly record a month. The server refuses a second record with the same key, added or edited onto another's, with a 406 naming the fields ("A monthly record for Mar 2026 already exists"), also when both are sent at once. Text compares ignoring case and spaces ('UK 123456 700123' is 'uk123456700123'), numbers as numbers, dates by the day unless the entry says "per". A record that leaves one of the key's fields empty is never a duplicate. Each field must be in schema.properties; omit the key when records may repeat.
   *
   * @minItems 1
   */
  uniqueKey?: UniqueKeyField[];
}
/**
 * A field shown in the list.
 */
export interface ListColumn {
  /**
   * Name of a field of the schema.
   */
  field: string;
  /**
   * Column heading; defaults to the field's title.
   */
  label?: string;
  /**
   * How a value is displayed: a date format from config/app.json, or a number.
   */
  format?: 'short' | 'medium' | 'long' | 'monthYear' | 'dayMonth' | 'number' | 'text';
}

// report.schema.json

/**
 * A report (config/reports/<id>.json): the record types it reads, the measures it works out of them, and its headline figures, tables, charts and checks. Worked out by shared/reports for the report screen, the report API and its CSV; npm run validate:config checks every field it names against the record types.
 */
export interface ReportSchemaJson {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * The report's name: the file's name without .json, its route's options.kind, its rule report:<id> and its API path.
   */
  id: string;
  /**
   * The report's name as users know it.
   */
  title: string;
  /**
   * What the report shows, one sentence, shown under its heading.
   */
  description: string;
  /**
   * When the report is offered: known as the rule report:<id>, which its route, its menu entry and its API name. Name the record types it reads ({"rule": "record:animal"}) so a plan without them is not offered it.
   */
  condition: Condition;
  /**
   * What a period is: a calendar month, a calendar year, or a harvest season (named by its year).
   */
  grain: 'month' | 'year' | 'season';
  /**
   * How many periods are shown when none are asked for, ending with the newest recorded.
   */
  defaultPeriods: number;
  sources: ReportSources;
  /**
   * Figures a formula cannot give, by a name measures use: each picks an entry of the registry (shared/reports/computations.ts) and names the fields playing its roles.
   */
  computations?: {
    /**
     * One use of a registry entry.
     */
    [k: string]: {
      /**
       * The registry entry: herd-numbers.
       */
      use: string;
      /**
       * The record type it reads (a key of "sources").
       */
      source: string;
      /**
       * The field playing each of the entry's roles.
       */
      fields: {
        /**
         * A field of the source.
         */
        [k: string]: string;
      };
      /**
       * The entry's options: each a list of values (the statuses meaning "died").
       */
      options?: {
        /**
         * Values of a field.
         */
        [k: string]: string[];
      };
    };
  };
  measures: ReportMeasures;
  /**
   * Headline figures above the tables.
   *
   * Items: One headline figure.
   */
  headlines?: (
    | {
        /**
         * The headline's name, for headline formulas.
         */
        id: string;
        /**
         * The headline as shown.
         */
        title: string;
        /**
         * A measure of the report.
         */
        measure: string;
        /**
         * How the periods' figures combine (as "aggregate").
         */
        across: 'sum' | 'mean' | 'weighted-mean' | 'first' | 'last' | 'count' | 'min' | 'max';
        /**
         * A measure weighting a weighted-mean (price by litres).
         */
        weight?: string;
        /**
         * Only the last so many periods of those shown.
         */
        periods?: number;
      }
    | {
        /**
         * The headline's name.
         */
        id: string;
        /**
         * The headline as shown.
         */
        title: string;
        /**
         * Headline ids combined as in a measure's formula.
         */
        formula: string;
        /**
         * Shown with the figure: "l", "£", "%", "t/ha"; "" for a plain count. "£" is shown as money.
         */
        unit: string;
        /**
         * Decimal places the figure is shown with.
         */
        decimals: number;
      }
  )[];
  /**
   * Tables of the report: rows by period and fields, a column per measure.
   *
   * @minItems 1
   *
   * Items: One table.
   */
  tables: {
    /**
     * The table's name, unique in the report.
     */
    id: string;
    /**
     * The table's caption.
     */
    title: string;
    /**
     * What makes a row: "period" and/or fields of the sources (crop, product_name), in order.
     *
     * @minItems 1
     *
     * Items: "period" or a field.
     */
    rows: string[];
    /**
     * The header of each of "rows".
     *
     * Items: A header.
     */
    rowTitles: string[];
    /**
     * The measures shown, in order.
     *
     * @minItems 1
     *
     * Items: A measure.
     */
    columns: string[];
    /**
     * Periods newest first (the default) or oldest first.
     */
    order?: 'newest-first' | 'oldest-first';
    /**
     * On paper: A4 portrait (the default), or landscape for a table too wide for it.
     */
    print?: 'portrait' | 'landscape';
  }[];
  /**
   * Charts over the periods.
   *
   * Items: One chart.
   */
  charts?: {
    /**
     * line, grouped-bars or stacked-bars.
     */
    kind: 'line' | 'grouped-bars' | 'stacked-bars';
    /**
     * The chart's title.
     */
    title: string;
    /**
     * A series for each measure (all in one unit); with seriesBy, the one measure split.
     *
     * @minItems 1
     *
     * Items: A measure.
     */
    measures: string[];
    /**
     * A field whose values each make a series of the one measure (head by sex).
     */
    seriesBy?: string;
    /**
     * The style of each measure's series.
     */
    styles?: {
      /**
       * How the series is drawn.
       */
      [k: string]: 'actual' | 'forecast' | 'baseline' | 'scenario';
    };
  }[];
  /**
   * Figures entered set beside the same figures worked out; a difference beyond the tolerance is flagged.
   *
   * Items: One check.
   */
  checks?: {
    /**
     * What is checked.
     */
    title: string;
    /**
     * The measure worked out (a formula).
     */
    computed: string;
    /**
     * The measure as entered.
     */
    entered: string;
    /**
     * The largest difference not flagged (rounding).
     */
    tolerance: number;
  }[];
  /**
   * Lists a computation gives of one day: the last day shown, or today when that is sooner (withdrawal periods in force and when they end).
   *
   * Items: One list.
   */
  lists?: {
    /**
     * The list's name, unique in the report.
     */
    id: string;
    /**
     * The list's caption.
     */
    title: string;
    /**
     * A key of "computations" whose registry entry lists (shared/reports/computations.ts: withdrawals).
     */
    computed: string;
  }[];
}
/**
 * The record types read, by name (config/records/<name>.json), each with the date that puts its records in periods.
 */
export interface ReportSources {
  /**
   * One record type read.
   */
  [k: string]: {
    /**
     * The date field that puts a record in its period. Leave out for records that hold in every period (animals, a medicine cabinet): computations work out what each period holds.
     */
    period?: string;
    /**
     * With grain season: the date used when the period field is empty (drilling date for a crop not yet harvested).
     */
    fallback?: string;
    /**
     * With a fallback: a fallback date in this month or later belongs to the next year's season (8: crops drilled from August are harvested the next year).
     */
    nextSeasonFromMonth?: number;
  };
}
/**
 * The figures the report works out, by name (a-z, 0-9, _): a field aggregated, a formula, or a computation's output.
 */
export interface ReportMeasures {
  /**
   * One figure of each row.
   */
  [k: string]:
    | {
        /**
         * The measure's name as a column or series shows it.
         */
        title: string;
        /**
         * Shown with the figure: "l", "£", "%", "t/ha"; "" for a plain count. "£" is shown as money.
         */
        unit: string;
        /**
         * Decimal places the figure is shown with.
         */
        decimals: number;
        /**
         * What the measure is, for the next person to edit it.
         */
        description?: string;
        /**
         * The record type read (a key of "sources").
         */
        source: string;
        /**
         * The field aggregated (of the record type's schema.properties); only "count" may leave it out, to count records.
         */
        field?: string;
        /**
         * How the records' values combine: sum, mean, weighted-mean (by "weight"), first, last (by the period date), count, min, max.
         */
        aggregate: 'sum' | 'mean' | 'weighted-mean' | 'first' | 'last' | 'count' | 'min' | 'max';
        /**
         * A number field: the weight of a weighted-mean, or for a sum the field each value is multiplied by (yield × area = tonnes).
         */
        weight?: string;
      }
    | {
        /**
         * The measure's name as a column or series shows it.
         */
        title: string;
        /**
         * Shown with the figure: "l", "£", "%", "t/ha"; "" for a plain count. "£" is shown as money.
         */
        unit: string;
        /**
         * Decimal places the figure is shown with.
         */
        decimals: number;
        /**
         * What the measure is, for the next person to edit it.
         */
        description?: string;
        /**
         * Measures combined with + - * / and parentheses, numbers, and the functions days_in_month(period), days_in_year(period), abs, min, max, or_zero. A missing figure or a division by 0 gives no figure.
         */
        formula: string;
      }
    | {
        /**
         * The measure's name as a column or series shows it.
         */
        title: string;
        /**
         * Shown with the figure: "l", "£", "%", "t/ha"; "" for a plain count. "£" is shown as money.
         */
        unit: string;
        /**
         * Decimal places the figure is shown with.
         */
        decimals: number;
        /**
         * What the measure is, for the next person to edit it.
         */
        description?: string;
        /**
         * A key of "computations".
         */
        computed: string;
        /**
         * Which of the computation's outputs (shared/reports/computations.ts lists them).
         */
        output: string;
      };
}

// routes.schema.json

/**
 * A screen route, or a redirect from one path to another.
 */
export type RouteConfig = ScreenRouteConfig | RedirectRouteConfig;

/**
 * Every route of the portal (config/routes.json): which registered screen it shows and who may see it.
 */
export interface RoutesFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * Matched by specificity, as react-router ranks them; '*' catches every other path.
   */
  routes: RouteConfig[];
}
/**
 * Shows a screen registered with the engine under the given name.
 */
export interface ScreenRouteConfig {
  /**
   * The URL path, starting with '/', or '*' for any path no other route matches.
   */
  path: string;
  /**
   * Name of a screen registered with the engine (src/screens/<name>); loaded on demand.
   */
  screen: string;
  /**
   * public: anyone; protected: logged-in users only, others go to /login?returnUrl=...
   */
  access: 'public' | 'protected';
  /**
   * Shown in the browser tab, before the product name.
   */
  title: string;
  /**
   * When the route is available (schemas/condition.schema.json); a protected route whose condition fails shows a page saying the feature is not on the current plan.
   */
  condition?: Condition;
  /**
   * Settings the screen reads, checked by `npm run validate:config` against the options schema the screen declares in src/screens/screens.ts: {"recordType": "<name>"} for the records screen (config/records/<name>.json), {"kind": "news" | "knowledge-exchange"} for articles, {"kind": "monthly" | "annual" | "crop"} for report; other screens take none.
   */
  options?: {
    [k: string]: string;
  };
}
/**
 * Sends the visitor from one path to another.
 */
export interface RedirectRouteConfig {
  /**
   * The URL path that redirects.
   */
  path: string;
  /**
   * The path the visitor is sent to.
   */
  redirect: string;
}

// rules.schema.json

/**
 * Named access rules (config/rules.json). A rule is written once here and used by name ({"rule": "news"}) in routes, menus and other rules; the server enforces the same rule on the endpoints behind the screen. Record types carry their own rule in their "access" property, known as "record:<name>".
 */
export interface RulesFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema?: string;
  /**
   * Each rule by its name.
   */
  rules: {
    [k: string]: RuleEntry;
  };
}
/**
 * One named rule.
 */
export interface RuleEntry {
  /**
   * What the rule guards, as users know it (used in the server's refusal).
   */
  title: string;
  /**
   * Why the rule is what it is, for the next person to edit it.
   */
  description?: string;
  /**
   * When the guarded screen and its endpoints are open (schemas/condition.schema.json).
   */
  condition: Condition;
  /**
   * The categories of a unit's data the guarded screen and endpoints show (config/consent.json, or records:<type>). Company staff are refused the rule on a unit whose farm withholds one of them from their provider, and each read they are answered is written to the unit's access log. A rule that only the farm's own users pass, or that shows no unit's data, names none.
   *
   * @minItems 1
   */
  consent?: string[];
}

// survey.schema.json

/**
 * A record field picked from the unit's records, or a total of the unit's latest saved calculation of a calculator.
 */
export type SurveyPrefillFile =
  | {
      /**
       * The name of a record type, e.g. monthly.
       */
      record: string;
      /**
       * A field of that record type's schema.
       */
      field: string;
      /**
       * latest: the newest record's value (by the record type's default sort date); sum-12-months, mean-12-months, count-12-months: over the records of the 12 months up to the newest.
       */
      pick: 'latest' | 'sum-12-months' | 'mean-12-months' | 'count-12-months';
    }
  | {
      /**
       * A calculator's short name: ghg-dairy, ghg-beef, ghg-sheep, ghg-arable, bps, stir, eiq.
       */
      calculation: string;
      /**
       * A key of that calculator's result totals, e.g. kg_co2e_per_kg_product.
       */
      total: string;
    };

/**
 * One published version of a supplier survey (config/surveys/<id>@<version>.json): who asks, whom it is addressed to, when it is open, and its pages of questions, each page a JSON Schema and uiSchema drawn with the same engine and widgets as record types. A published version is never edited: a change of questions is a new file with the next version; drafts and returns keep the version they were started on.
 */
export interface SurveyFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema: string;
  /**
   * The survey's id in URLs and the API, the same in every version; the file is named <id>@<version>.json.
   */
  id: string;
  /**
   * 1 for the first published version, one more for each change of questions; must equal the number in the file name.
   */
  version: number;
  /**
   * The reference of the provider (buyer programme) that asks, e.g. moorland_vale; only its staff see the answers.
   */
  provider: string;
  /**
   * The survey's title as the inbox and the wizard show it.
   */
  title: string;
  /**
   * A sentence or two on why the provider asks and what it does with the answers.
   */
  description?: string;
  /**
   * Whom it is addressed to: units holding one of the provider's plans named here, or one of the provider's plans with any feature named here. The plan must include the feature "surveys" too (the rule surveys of config/rules.json).
   */
  targets: {
    /**
     * Plan (package) references of the provider, e.g. moorland_vale_milk_premium.
     */
    plans?: string[];
    /**
     * Plan features, e.g. records_monthly: every plan of the provider that has one of them.
     */
    planFeatures?: string[];
  };
  /**
   * The first day the survey shows in the inbox (yyyy-MM-dd).
   */
  opensOn: string;
  /**
   * The due date (yyyy-MM-dd): not submitted by the end of this day, a return is late.
   */
  closesOn: string;
  /**
   * The last day late answers are taken (yyyy-MM-dd); after it a survey never submitted is closed. Without it, late answers are taken with no end.
   */
  lateUntil?: string;
  /**
   * The wizard's pages (sections), in order.
   *
   * @minItems 1
   */
  pages: SurveyPageFile[];
}
/**
 * One page of questions.
 */
export interface SurveyPageFile {
  /**
   * Unique in the survey; the answers' key of this page, and the first part of each question's pointer /<page>/<question>.
   */
  id: string;
  /**
   * The page's heading in the wizard and its progress indicator.
   */
  title: string;
  /**
   * Guidance shown under the heading.
   */
  description?: string;
  /**
   * JSON Schema of the page's answers, as a record type's schema: an object whose properties are the questions, each with a title; required lists those that must be answered to submit.
   */
  schema: {
    /**
     * Always 'object'.
     */
    type: 'object';
    /**
     * One JSON Schema per question, keyed by question name.
     */
    properties: {
      [k: string]: {
        /**
         * The question as the wizard asks it, and its column title in the CSV export.
         */
        title: string;
        [k: string]: unknown;
      };
    };
    [k: string]: unknown;
  };
  /**
   * RJSF uiSchema of the page: widgets of src/widgets (numeric, date, dropdown, text…) and their options, question order.
   */
  uiSchema: {
    [k: string]: unknown;
  };
  /**
   * By question name: where its answer may be taken from on the unit's data, shown with its source and editable. validate:config checks the record type and field, or calculator and total, exist and give a value of the question's type.
   */
  prefill?: {
    [k: string]: SurveyPrefillFile;
  };
}

// theme.schema.json

/**
 * One brand's look (themes/<name>/theme.json): logo, fonts, extra CSS, colour roles, layout values and display switches. The folder name is the brand name: a host's first label (dashes as underscores) or a provider reference. Contrast and logo-fit rules that JSON Schema cannot express are checked by tests/unit/themes.test.ts.
 */
export interface ThemeFile {
  /**
   * Path of this schema, so that editors complete and check the file.
   */
  $schema: '../../schemas/theme.schema.json';
  /**
   * The brand's name; must equal the theme's folder name (and the provider reference it belongs to).
   */
  name: string;
  /**
   * The organisation's name as people read it, e.g. 'Fenland Fresh Produce'.
   */
  displayName: string;
  /**
   * What the organisation is: processor, retailer, adviser or college; 'product' for the portal's own default and demo themes.
   */
  kind: 'processor' | 'retailer' | 'adviser' | 'college' | 'product';
  /**
   * The logo shown in the header, on the header background.
   */
  logo: {
    /**
     * A self-contained SVG file in the theme folder (no scripts, no external references).
     */
    file: string;
    /**
     * Text for screen readers, usually the organisation name.
     */
    alt: string;
  };
  /**
   * Font-family stacks for headings, navigation links, buttons and (optionally) inputs; body text keeps the portal font.
   */
  fonts: {
    /**
     * Font of page and card headings. A CSS font-family stack of system fonts ending in a generic family, e.g. "Georgia, 'Times New Roman', serif".
     */
    headings: string;
    /**
     * Font of the navigation bar links. A CSS font-family stack of system fonts ending in a generic family, e.g. "Georgia, 'Times New Roman', serif".
     */
    navLink: string;
    /**
     * Font of buttons. A CSS font-family stack of system fonts ending in a generic family, e.g. "Georgia, 'Times New Roman', serif".
     */
    btn: string;
    /**
     * Font of form inputs; without it inputs inherit. A CSS font-family stack of system fonts ending in a generic family, e.g. "Georgia, 'Times New Roman', serif".
     */
    input?: string;
    /**
     * Web fonts shipped in the theme folder, declared with @font-face; name their familyName in the stacks above.
     *
     * Items: One face (family, weight and style) of a WOFF2 font in the theme folder.
     */
    embedded?: {
      /**
       * The font-family name the face is declared under.
       */
      familyName: string;
      /**
       * The CSS font-weight of the face, 100 to 900.
       */
      weight: number;
      /**
       * The CSS font-style of the face.
       */
      fontStyle: 'normal' | 'italic';
      /**
       * Path of the .woff2 file, relative to the theme folder.
       */
      relWoffPath: string;
    }[];
  };
  /**
   * Short CSS blocks added after the theme variables; prefer the custom properties and keep these small.
   */
  css?: {
    /**
     * CSS for every screen size.
     */
    generic?: string;
    /**
     * CSS applied from the medium breakpoint up.
     */
    desktop?: string;
    /**
     * CSS applied just below the medium breakpoint (tablets and phones).
     */
    otherDevice?: string;
  };
  /**
   * The six colour roles; each gives a base and a highlight colour with the text colour written on each.
   */
  colours: {
    /**
     * The brand colour: main buttons, links, active tabs. The lighter, darker and shadow variants are derived from base (see src/core/branding/theme-colours.ts).
     */
    primary: {
      /**
       * The colour itself, as #rrggbb.
       */
      base: string;
      /**
       * Text written on base; must reach WCAG AA contrast (4.5:1) with it.
       */
      baseText: string;
      /**
       * A highlight colour for selected or emphasised areas, usually a light tint of base.
       */
      highlight: string;
      /**
       * Text written on highlight; must reach WCAG AA contrast (4.5:1) with it.
       */
      highlightText: string;
    };
    /**
     * The second brand colour: secondary buttons and accents. The lighter, darker and shadow variants are derived from base (see src/core/branding/theme-colours.ts).
     */
    secondary: {
      /**
       * The colour itself, as #rrggbb.
       */
      base: string;
      /**
       * Text written on base; must reach WCAG AA contrast (4.5:1) with it.
       */
      baseText: string;
      /**
       * A highlight colour for selected or emphasised areas, usually a light tint of base.
       */
      highlight: string;
      /**
       * Text written on highlight; must reach WCAG AA contrast (4.5:1) with it.
       */
      highlightText: string;
    };
    /**
     * Success alerts, dialogs and buttons. The lighter, darker and shadow variants are derived from base (see src/core/branding/theme-colours.ts).
     */
    success: {
      /**
       * The colour itself, as #rrggbb.
       */
      base: string;
      /**
       * Text written on base; must reach WCAG AA contrast (4.5:1) with it.
       */
      baseText: string;
      /**
       * A highlight colour for selected or emphasised areas, usually a light tint of base.
       */
      highlight: string;
      /**
       * Text written on highlight; must reach WCAG AA contrast (4.5:1) with it.
       */
      highlightText: string;
    };
    /**
     * Information alerts and badges. The lighter, darker and shadow variants are derived from base (see src/core/branding/theme-colours.ts).
     */
    info: {
      /**
       * The colour itself, as #rrggbb.
       */
      base: string;
      /**
       * Text written on base; must reach WCAG AA contrast (4.5:1) with it.
       */
      baseText: string;
      /**
       * A highlight colour for selected or emphasised areas, usually a light tint of base.
       */
      highlight: string;
      /**
       * Text written on highlight; must reach WCAG AA contrast (4.5:1) with it.
       */
      highlightText: string;
    };
    /**
     * Warning alerts, dialogs and buttons. The lighter, darker and shadow variants are derived from base (see src/core/branding/theme-colours.ts).
     */
    warning: {
      /**
       * The colour itself, as #rrggbb.
       */
      base: string;
      /**
       * Text written on base; must reach WCAG AA contrast (4.5:1) with it.
       */
      baseText: string;
      /**
       * A highlight colour for selected or emphasised areas, usually a light tint of base.
       */
      highlight: string;
      /**
       * Text written on highlight; must reach WCAG AA contrast (4.5:1) with it.
       */
      highlightText: string;
    };
    /**
     * Errors, danger dialogs and destructive buttons. The lighter, darker and shadow variants are derived from base (see src/core/branding/theme-colours.ts).
     */
    danger: {
      /**
       * The colour itself, as #rrggbb.
       */
      base: string;
      /**
       * Text written on base; must reach WCAG AA contrast (4.5:1) with it.
       */
      baseText: string;
      /**
       * A highlight colour for selected or emphasised areas, usually a light tint of base.
       */
      highlight: string;
      /**
       * Text written on highlight; must reach WCAG AA contrast (4.5:1) with it.
       */
      highlightText: string;
    };
  };
  /**
   * Header and logo sizes in rem, navigation, header and tab colours, corner radii.
   */
  layout: {
    /**
     * Height of the header in rem.
     */
    headerHeight: number;
    /**
     * Height of the logo in rem; logoHeight + logoTop must not exceed headerHeight.
     */
    logoHeight: number;
    /**
     * Distance of the logo from the top of the header in rem.
     */
    logoTop: number;
    /**
     * Background of the navigation bar.
     */
    navBackground: string;
    /**
     * Link text in the navigation bar; must reach 4.5:1 contrast with navBackground.
     */
    navText: string;
    /**
     * Background of the header behind the logo; the logo must show on it.
     */
    headerBackground: string;
    /**
     * Corner radius of cards, panels and inputs in rem.
     */
    borderRadius: number;
    /**
     * Corner radius of buttons in rem.
     */
    buttonRadius: number;
    /**
     * Background of inactive tabs.
     */
    tabBackground: string;
    /**
     * Text of inactive tabs; must reach 4.5:1 contrast with tabBackground.
     */
    tabText: string;
    /**
     * Background of the selected tab.
     */
    tabActiveBackground: string;
    /**
     * Text of the selected tab; must reach 4.5:1 contrast with tabActiveBackground.
     */
    tabActiveText: string;
  };
  /**
   * Parts of the portal a brand can hide.
   */
  display: {
    /**
     * Hides the unit badges in the units listing.
     */
    hideUnitBadges: boolean;
    /**
     * Hides the plan's visible name (the scheme label) in the current-account banner.
     */
    hideSchemeLabel: boolean;
  };
}

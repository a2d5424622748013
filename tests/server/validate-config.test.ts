import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../scripts/validate-config.ts';
import { useConfigCopy } from './config-copy.ts';

/** A copy of config/ to break, one reference at a time. */
describe('npm run validate:config', () => {
  let root: string;
  let dir: string;
  useConfigCopy((copy) => ({ root, dir } = copy));

  const routesFile = () => path.join(dir, 'routes.json');
  function editRoutes(edit: (routes: Record<string, unknown>[]) => void) {
    const doc = JSON.parse(readFileSync(routesFile(), 'utf8')) as {
      routes: Record<string, unknown>[];
    };
    edit(doc.routes);
    writeFileSync(routesFile(), JSON.stringify(doc));
  }
  const indexOf = (routes: Record<string, unknown>[], p: string) =>
    routes.findIndex((r) => r.path === p);

  /** Rewrites one JSON file of the copy, relative to the temp root. */
  function editJson<T>(relative: string, edit: (doc: T) => void) {
    const file = path.join(root, relative);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as T;
    edit(doc);
    writeFileSync(file, JSON.stringify(doc));
  }
  interface RecordTypeDoc {
    name: string;
    access: unknown;
    uiSchema: Record<string, unknown> & { 'ui:order': string[] };
    listColumns: { field: string }[];
    defaultSort: { field: string };
  }
  const editMonthly = (edit: (doc: RecordTypeDoc) => void) => {
    editJson('config/records/monthly.json', edit);
  };
  const monthlyFile = expect.stringContaining(
    path.join('config', 'records', 'monthly.json'),
  ) as string;
  const fieldHint = 'correct it to a field of schema.properties, or add the field there';
  interface ThemeDoc {
    name: string;
    kind?: string;
    logo: { file: string };
    fonts: { embedded?: Record<string, unknown>[] };
  }
  const editAcme = (edit: (doc: ThemeDoc) => void) => {
    editJson('themes/acme_foods/theme.json', edit);
  };
  const acmeFile = expect.stringContaining(
    path.join('themes', 'acme_foods', 'theme.json'),
  ) as string;

  it('passes the real config', () => {
    expect(validateConfig()).toEqual([]);
  });

  it('names an unknown flag in a route condition, with its pointer and a hint', () => {
    let index = -1;
    editRoutes((routes) => {
      index = indexOf(routes, '/units/list');
      (routes[index] as { condition?: unknown }).condition = { all: ['listUnits', 'listUnitz'] };
    });
    // The Select Farm link, which restates listUnits alone, is now wider than its route too.
    const [problem] = validateConfig(dir);
    expect([problem]).toEqual([
      {
        file: expect.stringContaining('routes.json') as string,
        pointer: `/routes/${index}/condition`,
        message: 'uses the flag "listUnitz", which config/features.json does not define',
        hint: 'define the flag in config/features.json (or config/context-flags.json), or correct its spelling',
      },
    ]);
  });

  it('names a screen no code registers, listing the ones that are', () => {
    editRoutes((routes) => {
      (routes[indexOf(routes, '/dashboard')] as { screen: string }).screen = 'dashbaord';
    });
    const [problem] = validateConfig(dir);
    expect(problem?.message).toBe('names the screen "dashbaord", which no code registers');
    expect(problem?.hint).toContain('dashboard');
  });

  it('names a record type that has no file under config/records', () => {
    let index = -1;
    editRoutes((routes) => {
      index = indexOf(routes, '/unit/records/monthly');
      (routes[index] as { options: { recordType: string } }).options.recordType = 'monthy';
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: expect.stringContaining('routes.json') as string,
        pointer: `/routes/${index}/options/recordType`,
        message: 'shows the record type "monthy", which has no config/records/monthy.json',
        hint: 'add the record type file, or correct the name',
      },
    ]);
  });

  describe("checks each route's options against its screen's schema", () => {
    const routesJson = expect.stringContaining('routes.json') as string;

    it('names an articles kind the screen does not know, listing the kinds', () => {
      let index = -1;
      editRoutes((routes) => {
        index = indexOf(routes, '/news');
        (routes[index] as { options: { kind: string } }).options.kind = 'newz';
      });
      expect(index).toBe(16);
      expect(validateConfig(dir)).toEqual([
        {
          file: routesJson,
          pointer: '/routes/16/options/kind',
          message: 'must be one of news, knowledge-exchange',
          hint: 'use one of: news, knowledge-exchange',
        },
      ]);
    });

    it('refuses an option given to a screen that takes none', () => {
      let index = -1;
      editRoutes((routes) => {
        index = indexOf(routes, '/dashboard');
        (routes[index] as { options?: unknown }).options = { kind: 'news' };
      });
      expect(validateConfig(dir)).toEqual([
        {
          file: routesJson,
          pointer: `/routes/${index}/options/kind`,
          message: 'is not an option of the screen "dashboard", which takes none',
          hint: 'remove "kind"; the screens that take options declare them in src/screens/screens.ts',
        },
      ]);
    });

    it('refuses an option the screen does not declare, naming the ones it does', () => {
      let index = -1;
      editRoutes((routes) => {
        index = indexOf(routes, '/unit/reporting/annual');
        (routes[index] as { options: Record<string, string> }).options.period = 'year';
      });
      expect(validateConfig(dir)).toEqual([
        {
          file: routesJson,
          pointer: `/routes/${index}/options/period`,
          message: 'is not an option of the screen "report"',
          hint: 'remove "period", or use one of: kind',
        },
      ]);
    });

    it('names a records route without its record type', () => {
      let index = -1;
      editRoutes((routes) => {
        index = indexOf(routes, '/unit/records/monthly');
        delete (routes[index] as { options?: unknown }).options;
      });
      expect(validateConfig(dir)).toEqual([
        {
          file: routesJson,
          pointer: `/routes/${index}`,
          message: 'gives the screen "records" no "recordType" option, which it requires',
          hint: 'add "options": {"recordType": …}, as src/screens/screens.ts declares for the screen',
        },
      ]);
    });

    it("checks options against the screens it is given, not only the code's", () => {
      const screens = [{ name: 'dashboard', options: undefined }];
      const problems = validateConfig(undefined, { screens, widgets: [] }).filter((p) =>
        p.pointer.endsWith('/screen'),
      );
      expect(problems.length).toBeGreaterThan(0);
      expect(problems[0]?.hint).toBe(
        'declare it in src/screens/screens.ts, or use one of: dashboard',
      );
    });
  });

  it('names a menu link to a path no route serves, and an unknown flag in a menu', () => {
    const menusFile = path.join(dir, 'menus.json');
    const menus = JSON.parse(readFileSync(menusFile, 'utf8')) as {
      main: { route?: string; condition?: unknown }[];
    };
    const first = menus.main[0];
    if (!first) throw new Error('no menu item');
    first.route = '/dashbord';
    first.condition = 'records_monthy';
    writeFileSync(menusFile, JSON.stringify(menus));
    expect(validateConfig(dir).map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/main/0/condition: uses the flag "records_monthy", which config/features.json does not define',
      '/main/0/route: links to "/dashbord", which no route in config/routes.json serves',
    ]);
  });

  it('names a redirect to a path no route serves', () => {
    editRoutes((routes) => {
      (routes[indexOf(routes, '/')] as { redirect: string }).redirect = '/signin';
    });
    expect(validateConfig(dir)[0]?.message).toBe('redirects to "/signin", which no route serves');
  });

  it('reports a condition of the wrong shape through the schema, with a hint', () => {
    editRoutes((routes) => {
      (routes[indexOf(routes, '/units/list')] as { condition?: unknown }).condition = {
        atLeast: 0,
        of: ['listUnits'],
      };
    });
    const { routes } = JSON.parse(readFileSync(routesFile(), 'utf8')) as {
      routes: { path: string }[];
    };
    const index = routes.findIndex((r) => r.path === '/units/list');
    const problems = validateConfig(dir);
    expect(problems).toContainEqual({
      file: expect.stringContaining('routes.json') as string,
      pointer: `/routes/${index}/condition/atLeast`,
      message: 'must be >= 1',
      hint: 'see the schema named in "$schema" for what is allowed here',
    });
    const summary = problems.find((p) => p.pointer === `/routes/${index}/condition`);
    expect(summary?.hint).toBe(
      "use one of these forms: Flag; All; Any; Not; At least N of; Rule (see the schema's descriptions)",
    );
  });

  it('names a record type whose "name" is not its file name', () => {
    editMonthly((doc) => {
      doc.name = 'montly';
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: monthlyFile,
        pointer: '/name',
        message: 'is named "montly", but its file is monthly.json',
        hint: 'make "name" equal the file name without .json ("monthly"), or rename the file',
      },
    ]);
  });

  it('names a uiSchema entry for a field the record schema does not have', () => {
    editMonthly((doc) => {
      doc.uiSchema.note = { 'ui:widget': 'textarea' };
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: monthlyFile,
        pointer: '/uiSchema/note',
        message: 'sets the form of the field "note", which schema.properties does not have',
        hint: fieldHint,
      },
    ]);
  });

  it('names a ui:order entry that is not a field, allowing the "*" wildcard', () => {
    editMonthly((doc) => {
      doc.uiSchema['ui:order'] = ['month', 'milk_sold', '*'];
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: monthlyFile,
        pointer: '/uiSchema/ui:order/1',
        message: 'orders the field "milk_sold", which schema.properties does not have',
        hint: fieldHint,
      },
    ]);
  });

  it('names the fields a ui:order without "*" leaves out', () => {
    editMonthly((doc) => {
      doc.uiSchema['ui:order'] = doc.uiSchema['ui:order'].filter(
        (f) => f !== 'notes' && f !== 'bactoscan',
      );
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: monthlyFile,
        pointer: '/uiSchema/ui:order',
        message: 'leaves out "bactoscan", "notes", so the form cannot render',
        hint: 'list every field of schema.properties, or end the order with "*" for the rest',
      },
    ]);
  });

  it('names a list column that is not a field of the record schema', () => {
    editMonthly((doc) => {
      const column = doc.listColumns[2];
      if (!column) throw new Error('no third column');
      column.field = 'cows';
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: monthlyFile,
        pointer: '/listColumns/2/field',
        message: 'lists the column "cows", which schema.properties does not have',
        hint: fieldHint,
      },
    ]);
  });

  it('names a default sort by a field the record schema does not have', () => {
    editMonthly((doc) => {
      doc.defaultSort.field = 'date';
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: monthlyFile,
        pointer: '/defaultSort/field',
        message: 'sorts by "date", which schema.properties does not have',
        hint: fieldHint,
      },
    ]);
  });

  it('names a widget neither registered nor built into RJSF, and accepts the built-ins', () => {
    editMonthly((doc) => {
      doc.uiSchema.month = { 'ui:widget': 'datepicker' };
      doc.uiSchema.dry_cows = { 'ui:widget': 'updown' };
    });
    const problems = validateConfig(dir);
    expect(problems).toEqual([
      {
        file: monthlyFile,
        pointer: '/uiSchema/month/ui:widget',
        message: 'uses the widget "datepicker", which no code registers and RJSF does not provide',
        hint: expect.stringContaining(
          'register it in src/widgets/index.ts, or use one of: ',
        ) as string,
      },
    ]);
    // The registered widgets and RJSF's own are offered.
    for (const widget of ['date', 'dropdown', 'numeric', 'text', 'textarea', 'select']) {
      expect(problems[0]?.hint).toContain(widget);
    }
  });

  it("names a flag of a record type's access rule that config/features.json does not define", () => {
    editMonthly((doc) => {
      doc.access = 'records_monthy';
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: monthlyFile,
        pointer: '/access',
        message: 'uses the flag "records_monthy", which config/features.json does not define',
        hint: 'define the flag in config/features.json (or config/context-flags.json), or correct its spelling',
      },
    ]);
  });

  it("names a record route that would open where the record type's rule refuses it", () => {
    let index = -1;
    editRoutes((routes) => {
      index = indexOf(routes, '/unit/records/monthly');
      (routes[index] as { condition?: unknown }).condition = {
        all: ['unit_selected', 'records_daily'],
      };
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: expect.stringContaining('routes.json') as string,
        pointer: `/routes/${index}/condition`,
        message:
          'opens the record type "monthly" where its rule "record:monthly" (config/records/monthly.json#/access) refuses it, e.g. with plan_selected, records_daily, unit_selected; without records_monthly',
        hint: 'make the condition {"rule": "record:monthly"}, narrowed if need be with "all"',
      },
    ]);
  });

  it('names a reference to a rule that nothing defines, listing the rules there are', () => {
    let index = -1;
    editRoutes((routes) => {
      index = indexOf(routes, '/news');
      (routes[index] as { condition?: unknown }).condition = { rule: 'newz' };
    });
    const problems = validateConfig(dir);
    expect(problems[0]).toMatchObject({
      pointer: `/routes/${index}/condition`,
      message:
        'refers to the rule "newz", which neither config/rules.json nor a record type defines',
    });
    expect(problems[0]?.hint).toContain('knowledge-exchange');
    expect(problems[0]?.hint).toContain('record:monthly');
  });

  it('refuses a menu link whose own condition would show it where its route is refused', () => {
    // Knowledge Exchange as the menu and the server disagreed before issue 14: a company user
    // with a unit selected and the company permission would see a link the server refuses.
    let pointer = '';
    editJson<{ main: { items?: { route?: string; condition?: unknown }[] }[] }>(
      'config/menus.json',
      (menus) => {
        menus.main.forEach((item, i) =>
          item.items?.forEach((link, j) => {
            if (link.route !== '/knowledge-exchange') return;
            link.condition = { any: ['technical_resources', 'company_technical_resources'] };
            pointer = `/main/${String(i)}/items/${String(j)}/condition`;
          }),
        );
      },
    );
    const problems = validateConfig(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: expect.stringContaining('menus.json') as string,
      pointer,
    });
    expect(problems[0]?.message).toMatch(
      /^would show the link to "\/knowledge-exchange" where its route is refused, e\.g\. with .*company_technical_resources/,
    );
    expect(problems[0]?.hint).toContain('a link may only narrow its route');
  });

  it('accepts a link that narrows its route, and refuses one that can never show', () => {
    editJson<{ main: { route?: string; condition?: unknown }[] }>('config/menus.json', (menus) => {
      menus.main.push(
        { route: '/news', condition: { all: ['farm_user', { rule: 'news' }] } },
        { route: '/news', condition: { all: ['farm_user', 'company_user', { rule: 'news' }] } },
      );
    });
    const problems = validateConfig(dir);
    expect(problems.map((p) => p.message)).toEqual([
      'links to "/news" under a condition that never holds together with the route\'s (config/routes.json#/routes/16/condition)',
    ]);
  });

  it('refuses a rule in the logged-out menu, in a link or through its route', () => {
    editJson<{ loggedOut: { route?: string; condition?: unknown }[] }>(
      'config/menus.json',
      (menus) => {
        menus.loggedOut.push({ route: '/news', condition: 'has_help_content' });
        const login = menus.loggedOut[0];
        if (!login) throw new Error('no login link');
        login.condition = { any: ['has_help_content', { rule: 'news' }] };
      },
    );
    const problems = validateConfig(dir).filter((p) => p.message.includes('logged-out menu'));
    expect(problems).toEqual([
      {
        file: expect.stringContaining('menus.json') as string,
        pointer: '/loggedOut/0',
        message: 'names the rule "news" in the logged-out menu',
        hint: 'the logged-out bar is drawn before the rule book loads: test flags there (has_help_content, has_contact_content)',
      },
      {
        file: expect.stringContaining('menus.json') as string,
        pointer: '/loggedOut/3',
        message:
          'names the rule "news" in the logged-out menu, through its route (config/routes.json#/routes/16/condition)',
        hint: 'the logged-out bar is drawn before the rule book loads: test flags there (has_help_content, has_contact_content)',
      },
    ]);
  });

  it('refuses a brand flag, which only the browser knows, in a rule the server enforces', () => {
    editJson<{ rules: Record<string, { condition: unknown }> }>('config/rules.json', (doc) => {
      const documents = doc.rules.documents;
      if (!documents) throw new Error('no documents rule');
      documents.condition = { all: ['unit_selected', 'documents', 'has_help_content'] };
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: expect.stringContaining('rules.json') as string,
        pointer: '/rules/documents/condition',
        message:
          'uses "has_help_content", which only the browser knows, in a rule the server enforces',
        hint: 'keep brand flags (config/context-flags.json, known: brand) for menu links; the server cannot check them',
      },
    ]);
  });

  it('checks only the condition of a menu picker, which links nowhere', () => {
    editJson<{ account: { picker?: string; condition?: unknown }[] }>(
      'config/menus.json',
      (menus) => {
        const index = menus.account.findIndex((item) => item.picker === 'unit');
        const picker = menus.account[index];
        if (!picker) throw new Error('no unit picker');
        picker.condition = 'several_unitz';
        menus.account = [picker];
      },
    );
    expect(validateConfig(dir)).toEqual([
      {
        file: expect.stringContaining('menus.json') as string,
        pointer: '/account/0/condition',
        message: 'uses the flag "several_unitz", which config/features.json does not define',
        hint: 'define the flag in config/features.json (or config/context-flags.json), or correct its spelling',
      },
    ]);
  });

  it('validates each theme.json against the theme schema', () => {
    editAcme((doc) => {
      delete doc.kind;
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: acmeFile,
        pointer: '/',
        message: "must have required property 'kind'",
        hint: 'add the property "kind"',
      },
    ]);
  });

  it('names a theme whose "name" is not its folder name', () => {
    editAcme((doc) => {
      doc.name = 'acme';
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: acmeFile,
        pointer: '/name',
        message: 'is named "acme", but its folder is themes/acme_foods',
        hint: 'make "name" equal the folder name ("acme_foods"), or rename the folder',
      },
    ]);
  });

  it('names a theme logo that is not in the theme folder', () => {
    rmSync(path.join(root, 'themes', 'acme_foods', 'logo.svg'));
    expect(validateConfig(dir)).toEqual([
      {
        file: acmeFile,
        pointer: '/logo/file',
        message: 'names the logo "logo.svg", which is not in themes/acme_foods',
        hint: 'add the SVG to themes/acme_foods/, or correct the file name',
      },
    ]);
  });

  it('names an embedded font file that is not in the theme folder', () => {
    const fontsDir = path.join(root, 'themes', 'acme_foods', 'fonts');
    mkdirSync(fontsDir);
    writeFileSync(path.join(fontsDir, 'acme-regular.woff2'), '');
    const face = { familyName: 'Acme Sans', weight: 400, fontStyle: 'normal' };
    editAcme((doc) => {
      doc.fonts.embedded = [
        { ...face, relWoffPath: 'fonts/acme-regular.woff2' },
        { ...face, weight: 700, relWoffPath: 'fonts/acme-bold.woff2' },
      ];
    });
    expect(validateConfig(dir)).toEqual([
      {
        file: acmeFile,
        pointer: '/fonts/embedded/1/relWoffPath',
        message: 'embeds the font "fonts/acme-bold.woff2", which is not in themes/acme_foods',
        hint: 'add the .woff2 file under themes/acme_foods/, or correct its path (relative to the theme folder)',
      },
    ]);
  });

  it('names a missing default theme', () => {
    rmSync(path.join(root, 'themes', 'default'), { recursive: true });
    expect(validateConfig(dir)).toEqual([
      {
        file: expect.stringMatching(/themes$/) as string,
        pointer: '',
        message: 'has no theme "default" (default/theme.json)',
        hint: 'add themes/default/theme.json: the portal falls back to it when no brand matches',
      },
    ]);
  });

  it('refuses a uiSchema asking for Markdown: the forms render every text plainly', () => {
    editMonthly((doc) => {
      doc.uiSchema['ui:globalOptions'] = { enableMarkdownInDescription: true };
      doc.uiSchema.notes = { 'ui:enableMarkdownInHelp': true };
    });
    const problems = validateConfig(dir).filter((p) => p.file.endsWith('monthly.json'));
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      [
        '/uiSchema/notes/ui:enableMarkdownInHelp',
        'asks for Markdown, which the forms do not render (their texts are plain)',
      ],
      [
        '/uiSchema/ui:globalOptions/enableMarkdownInDescription',
        'asks for Markdown, which the forms do not render (their texts are plain)',
      ],
    ]);
  });
});

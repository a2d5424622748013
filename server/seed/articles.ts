export interface ArticleRow {
  provider_id: number;
  kind: 'news' | 'knowledge-exchange';
  title: string;
  summary: string;
  body_html: string;
  author: string;
  published_on: string;
}

interface Template {
  title: string;
  summary: string;
  body: (provider: string) => string;
  author: string;
}

const NEWS: Template[] = [
  {
    title: 'Milk and produce prices for the coming quarter',
    summary: 'Our pricing for the next three months, and what is behind it.',
    author: 'Commercial team',
    body: (p) =>
      `<p>${p} will hold its base price for the coming quarter. Wholesale markets have steadied after a volatile summer, and our customers have confirmed volumes through to the spring.</p><p>Quality and sustainability bonuses are unchanged. Members who submit their annual records by the deadline keep their bonus eligibility.</p>`,
  },
  {
    title: 'Annual records deadline: 31 January',
    summary: 'Please complete your annual records in the portal before the end of January.',
    author: 'Member services',
    body: (p) =>
      `<p>The deadline for this year's annual records is <strong>31 January</strong>. Records feed the benchmarking reports that ${p} shares with every member in March.</p><ul><li>Open <em>Annual Records</em> from the Data Entry menu.</li><li>Check last year's figures carried forward.</li><li>Submit when every section shows complete.</li></ul>`,
  },
  {
    title: 'Winter farm walks: dates announced',
    summary: 'Join us on a member farm to see grassland and housing ideas at work.',
    author: 'Field team',
    body: (p) =>
      `<p>${p}'s winter farm walks start next month. Each walk runs from 10:30 to 14:00 with lunch provided, and places are limited to twenty.</p><p>Book through your field adviser or reply to the invitation e-mail.</p>`,
  },
  {
    title: 'New greenhouse gas calculator in the portal',
    summary: 'Estimate your farm footprint and test what-if changes in minutes.',
    author: 'Sustainability team',
    body: (p) =>
      `<p>The GHG What If? calculators are now available to members on plans that include them. Enter your herd or cropping figures and compare scenarios side by side.</p><p>${p} will use anonymised results to plan next year's sustainability programme.</p>`,
  },
];

const KNOWLEDGE: Template[] = [
  {
    title: 'Reducing somatic cell counts over winter',
    summary: 'Practical steps for housing, milking routine and dry-cow management.',
    author: 'Technical team',
    body: () =>
      `<p>Cell counts often rise once cows are housed. Clean, dry lying areas and a consistent pre-milking routine make the biggest difference.</p><ol><li>Scrape passageways at least twice a day.</li><li>Check liners and pulsation every 2,500 milkings.</li><li>Review dry-cow therapy with your vet using recent individual cell counts.</li></ol>`,
  },
  {
    title: 'Soil sampling: getting representative results',
    summary: 'How to sample fields so that lab results reflect the whole field.',
    author: 'Agronomy team',
    body: () =>
      `<p>Walk a W pattern across each field, taking 25 cores to 15 cm (7.5 cm for grassland). Avoid gateways, troughs and headlands.</p><p>Sample at the same time of year each time, ideally every four years, and record results in <em>Lab Results</em> so trends are easy to see.</p>`,
  },
  {
    title: 'Planning feed budgets for the housed period',
    summary: 'Match forage stocks to demand before the winter starts.',
    author: 'Nutrition team',
    body: (p) =>
      `<p>Measure clamp dimensions and estimate dry matter to work out stocks. Compare them with demand: head, days housed and expected intake.</p><p>${p}'s nutritionists can review your budget; record feed deliveries in the portal to keep the picture current.</p>`,
  },
];

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/** News comes every twelve days or so, knowledge articles monthly; providers are staggered. */
const SERIES: {
  kind: ArticleRow['kind'];
  templates: Template[];
  everyDays: number;
  stagger: number;
}[] = [
  { kind: 'news', templates: NEWS, everyDays: 12, stagger: 5 },
  { kind: 'knowledge-exchange', templates: KNOWLEDGE, everyDays: 30, stagger: 7 },
];

/** A few news and knowledge-exchange articles per provider, deterministic. */
export function generateArticles(
  providers: readonly { id: number; name: string }[],
  today = '2026-11-16',
): ArticleRow[] {
  return providers.flatMap((provider, index) =>
    SERIES.flatMap(({ kind, templates, everyDays, stagger }) =>
      templates.map((t, i) => ({
        provider_id: provider.id,
        kind,
        title: t.title,
        summary: t.summary,
        body_html: t.body(provider.name),
        author: `${provider.name} ${t.author.toLowerCase()}`,
        published_on: addDays(today, i * everyDays + (index % stagger)),
      })),
    ),
  );
}

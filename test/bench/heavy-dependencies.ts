/** Dependencies heavy enough that the functions bundling them have a size budget of their own (report.ts). */
export type HeavyDependency = 'zip-table' | 'openai-sdk' | 'stripe-sdk' | 'markdown';

/** Where each heavy dependency's files are, and how the bench names it. */
export const HEAVY_DEPENDENCIES: Readonly<Record<HeavyDependency, { readonly folder: string; readonly label: string }>> = {
  'zip-table': { folder: 'node_modules/zipcodes/', label: 'the US zip table' },
  'openai-sdk': { folder: 'node_modules/openai/', label: 'the OpenAI SDK' },
  'stripe-sdk': { folder: 'node_modules/stripe/', label: 'the Stripe SDK' },
  markdown: { folder: 'node_modules/marked/', label: 'marked and sanitize-html' },
};

/** Dependencies heavy enough that the functions bundling them have a size budget of their own (report.ts). */
export type HeavyDependency = 'zip-table' | 'openai-sdk' | 'stripe-sdk' | 'markdown' | 'email-rendering';

/** Where each heavy dependency's files are, and how the bench names it. */
export const HEAVY_DEPENDENCIES: Readonly<Record<HeavyDependency, { readonly folder: string; readonly label: string }>> = {
  'zip-table': { folder: 'node_modules/zipcodes/', label: 'the US zip table' },
  'openai-sdk': { folder: 'node_modules/openai/', label: 'the OpenAI SDK' },
  'stripe-sdk': { folder: 'node_modules/stripe/', label: 'the Stripe SDK' },
  // React Email's render: react-dom's server renderer, prettier (which render imports whether or not it formats) and
  // html-to-text for the plain part. Only the notification sender renders e-mail. Before markdown: React Email
  // brings marked too (its Markdown component), and a bundle is given the first of these it carries.
  'email-rendering': { folder: 'node_modules/react-dom/', label: 'React Email rendering' },
  markdown: { folder: 'node_modules/marked/', label: 'marked and sanitize-html' },
};

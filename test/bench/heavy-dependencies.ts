/** Dependencies heavy enough that the functions bundling them have a size budget of their own (report.ts). */
export type HeavyDependency = 'zip-table' | 'openai-sdk' | 'stripe-sdk' | 'markdown' | 'page-rendering' | 'email-rendering' | 'card-rendering' | 'fit-sdk';

/** Where each heavy dependency's files are, and how the bench names it. */
export const HEAVY_DEPENDENCIES: Readonly<Record<HeavyDependency, { readonly folder: string; readonly label: string }>> = {
  'zip-table': { folder: 'node_modules/zipcodes/', label: 'the US zip table' },
  'openai-sdk': { folder: 'node_modules/openai/', label: 'the OpenAI SDK' },
  'stripe-sdk': { folder: 'node_modules/stripe/', label: 'the Stripe SDK' },
  // The page function renders the web app's public pages (issue 24): the app's components with React's server
  // renderer, React Router and TanStack Query. Before email-rendering, which is also found by react-dom.
  'page-rendering': { folder: 'web/src/ssr/', label: "the web app's pages and React's server renderer" },
  // React Email's render: react-dom's server renderer, prettier (which render imports whether or not it formats) and
  // html-to-text for the plain part. Only the notification sender renders e-mail. Before markdown: React Email
  // brings marked too (its Markdown component), and a bundle is given the first of these it carries.
  'email-rendering': { folder: 'node_modules/react-dom/', label: 'React Email rendering' },
  markdown: { folder: 'node_modules/marked/', label: 'marked and sanitize-html' },
  // The card function draws races' preview cards (issue 24) with satori, whose layout engine (yoga) and text
  // shaping come inlined as WebAssembly; resvg's WebAssembly and the fonts are files beside the bundle.
  'card-rendering': { folder: 'node_modules/satori/', label: 'satori, for preview cards' },
  // Garmin's FIT SDK (issue 25): its profile, every FIT message and type, comes whole with its Decoder or Encoder.
  'fit-sdk': { folder: 'node_modules/@garmin/fitsdk/', label: "Garmin's FIT SDK" },
};

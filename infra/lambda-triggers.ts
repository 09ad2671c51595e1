/**
 * Functions that are not API routes: each is started by an AWS service rather than a request (Cognito
 * triggers now; the import state machine's steps and stream processors later). Together with the route table
 * this lists every handler module; a test checks that no module exporting `handler` is missing from either.
 */
export const TRIGGERS = {
  postConfirmation: { handler: 'users/post-confirmation', summary: 'Cognito post-confirmation: creates the profile' },
  exportWorker: {
    handler: 'exports/run-export',
    summary: 'Writes a CSV export into the exports bucket; invoked asynchronously by POST /api/admin/exports',
  },
} as const satisfies Record<string, { readonly handler: string; readonly summary: string }>;

export type TriggerId = keyof typeof TRIGGERS;

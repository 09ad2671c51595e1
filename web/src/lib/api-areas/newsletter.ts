/** The newsletter area's route table, loaded when the footer's sign-up or /unsubscribe first calls it (see ../use-api.ts). */
export const newsletterArea = () => import('#shared/routes/newsletter').then((module) => module.NEWSLETTER_ROUTES);

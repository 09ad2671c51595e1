/** The contact-messages area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const contactMessagesArea = () => import('#shared/routes/contact-messages').then((module) => module.CONTACT_MESSAGES_ROUTES);

/** The admin-contact-messages area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const adminContactMessagesArea = () => import('#shared/routes/admin-contact-messages').then((module) => module.ADMIN_CONTACT_MESSAGES_ROUTES);

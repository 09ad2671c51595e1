/** A preview card's size and address, for the pages that name it and the infrastructure that routes it. */

/** OpenGraph's and Twitter's large card show 1.91:1 uncropped, and 1200 wide is sharp on phones. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Where an event's card is: /cards/events/{id}.png?v={fingerprint}. */
export const CARD_PATH_PREFIX = '/cards/events/';
/** The query parameter that carries the fingerprint of what the card draws; CloudFront keys the cards by it alone. */
export const CARD_VERSION_PARAM = 'v';

/**
 * Event images (issue 24): GET, POST, PUT /api/events/{id}/images and DELETE /api/events/{id}/images/{imageId}
 * against the local stack, with the browser's upload sent to the S3 stand-in as the presigned POST says and the
 * image function run by the stand-in's ObjectCreated call, as S3 runs it in AWS. Owner and admin may change an
 * event's images; another organizer gets the 404 of an event that is not theirs.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { EventChangesPageSchema } from '#shared/schemas/organizer-event';
import { EventImagesSchema, ImageUploadTicketSchema, MAX_EVENT_IMAGES, TOO_MANY_MESSAGE, TOO_MANY_REFUSED_MESSAGE, imageUrl, type EventImage, type ImageUploadTicket } from '#shared/schemas/event-image';
import { createEvent } from '#data/event';
import { failUpload, startUpload } from '#data/event-image';
import type { Caller } from '#lib/caller';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor, localStack } from '../support/local-api.ts';

const tokens: Record<string, string> = {};
let organizerSub = '';

beforeAll(async () => {
  for (const label of ['Organizer', 'Admin', 'Athlete']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
  organizerSub = ((await api('GET', '/api/me', { token: tokens.Organizer })).body as { id: string }).id;
});

const fakeImage = (): EventImage => ({ id: ulid(), widths: [400], width: 400, height: 300, alt: '' });

async function eventOf(organizerId: string, images: EventImage[] = []): Promise<RaceEvent> {
  return createEvent(testRaceEvent({ title: `Images test ${randomUUID()}`, eventDate: '2099-05-02', organizerId, verified: true, ...(images.length > 0 ? { images } : {}) }));
}

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();

async function ticketFor(token: string, eventId: string, contentType: string, size: number): Promise<ImageUploadTicket> {
  const response = await api('POST', `/api/events/${eventId}/images`, { token, body: { contentType, size } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return ImageUploadTicketSchema.parse(response.body);
}

/** The browser's POST: the ticket's fields (some replaced), then the file. */
function postFile(ticket: ImageUploadTicket, file: Buffer, type: string, replace: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...replace })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type }), 'picture');
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** The event's change records, newest first, as the admins' recent-edits list shows them: who, and the images before and after. */
async function imageChangesOf(eventId: string) {
  const response = await api('GET', '/api/admin/event-changes', { token: tokens.Admin, query: { eventId } });
  return EventChangesPageSchema.parse(response.body).items.map((change) => ({ role: change.actorRole, fields: change.fields }));
}

async function imagesOf(token: string, eventId: string) {
  const response = await api('GET', `/api/events/${eventId}/images`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return EventImagesSchema.parse(response.body);
}

describe('event images', () => {
  it('uploads an image with the presigned POST, and the image function adds its renditions to the event', async () => {
    const event = await eventOf(organizerSub);
    const file = await jpeg(1000, 600);
    const ticket = await ticketFor(tokens.Organizer!, event.id, 'image/jpeg', file.length);
    expect(ticket.maxFileBytes).toBe(10 * 1024 * 1024);
    // Who asked is kept for the change record, not shown.
    expect((await imagesOf(tokens.Organizer!, event.id)).uploads).toEqual([{ id: ticket.imageId, status: 'pending', createdAt: expect.any(String) }]);

    const sent = await postFile(ticket, file, 'image/jpeg');
    expect(sent.status, await sent.clone().text()).toBe(204);
    await expect.poll(async () => (await imagesOf(tokens.Organizer!, event.id)).images.length).toBe(1);
    const listed = await imagesOf(tokens.Organizer!, event.id);
    expect(listed.uploads).toEqual([]);
    expect(listed.images).toEqual([{ id: ticket.imageId, widths: [400, 800], width: 1000, height: 600, alt: '' }]);

    // Served at /media/ by the gateway, as CloudFront serves the media bucket; the public event names it.
    const rendition = await fetch(new URL(imageUrl(event.id, ticket.imageId, 800), localStack().url));
    expect(rendition.status).toBe(200);
    expect(rendition.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await rendition.arrayBuffer())).metadata()).width).toBe(800);
    const page = await api('GET', `/api/events/${event.id}`);
    expect((page.body as RaceEvent).images?.map((image) => image.id)).toEqual([ticket.imageId]);

    // The owner sets the alt text; a list that is not exactly the event's images is refused.
    const arranged = await api('PUT', `/api/events/${event.id}/images`, { token: tokens.Organizer, body: { images: [{ id: ticket.imageId, alt: '  Start line at dawn ' }] } });
    expect(arranged.status, JSON.stringify(arranged.body)).toBe(200);
    expect(EventImagesSchema.parse(arranged.body).images[0]!.alt).toBe('Start line at dawn');
    const stale = await api('PUT', `/api/events/${event.id}/images`, { token: tokens.Organizer, body: { images: [] } });
    expect(stale.status).toBe(409);

    // The image the function added and the alt text each left a change record naming the owner; the refusal none.
    const added = { id: ticket.imageId, alt: '' };
    expect(await imageChangesOf(event.id)).toEqual([
      { role: 'owner', fields: [{ name: 'images', before: [added], after: [{ ...added, alt: 'Start line at dawn' }] }] },
      { role: 'owner', fields: [{ name: 'images', before: null, after: [added] }] },
    ]);

    // An admin's delete of the event takes its files with it.
    expect((await api('DELETE', `/api/admin/events/${event.id}`, { token: tokens.Admin })).status).toBe(204);
    expect((await fetch(new URL(imageUrl(event.id, ticket.imageId, 800), localStack().url))).status).toBe(404);
  });

  it('refuses at S3 a file whose type or size the policy does not allow, and a declared size over the limit at the API', async () => {
    const event = await eventOf(organizerSub);
    const file = await jpeg(200, 200);
    const ticket = await ticketFor(tokens.Organizer!, event.id, 'image/jpeg', file.length);
    const html = await postFile(ticket, Buffer.from('<script>alert(1)</script>'), 'text/html', { 'Content-Type': 'text/html' });
    expect(html.status).toBe(403);
    expect(await html.text()).toContain('<Code>AccessDenied</Code>');
    const otherKey = await postFile(ticket, file, 'image/jpeg', { key: `events/${event.id}/${ulid()}` });
    expect(otherKey.status).toBe(403);
    const tooBig = await postFile(ticket, Buffer.alloc(10 * 1024 * 1024 + 1), 'image/jpeg');
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('<Code>EntityTooLarge</Code>');

    const declared = await api('POST', `/api/events/${event.id}/images`, { token: tokens.Organizer, body: { contentType: 'image/jpeg', size: 11 * 1024 * 1024 } });
    expect(declared.status).toBe(400);
    expect(JSON.stringify(declared.body)).toContain('Choose an image of at most 10 MB.');
    const gif = await api('POST', `/api/events/${event.id}/images`, { token: tokens.Organizer, body: { contentType: 'image/gif', size: 100 } });
    expect(gif.status).toBe(400);
    expect(JSON.stringify(gif.body)).toContain('Choose a JPEG, PNG or WebP image.');
  });

  it('marks an upload failed when the file is not really an image, and lets the owner dismiss it', async () => {
    const event = await eventOf(organizerSub);
    const fake = Buffer.from('this is not a picture at all');
    const ticket = await ticketFor(tokens.Organizer!, event.id, 'image/png', fake.length);
    expect((await postFile(ticket, fake, 'image/png')).status).toBe(204);
    await expect.poll(async () => (await imagesOf(tokens.Organizer!, event.id)).uploads[0]?.status).toBe('failed');
    const listed = await imagesOf(tokens.Organizer!, event.id);
    expect(listed.uploads[0]!.error).toContain('not an image we can read');
    expect(listed.images).toEqual([]);
    const dismissed = await api('DELETE', `/api/events/${event.id}/images/${ticket.imageId}`, { token: tokens.Organizer });
    expect(dismissed.status).toBe(200);
    expect(EventImagesSchema.parse(dismissed.body).uploads).toEqual([]);
  });

  it(`refuses a ${MAX_EVENT_IMAGES + 1}th image`, async () => {
    const event = await eventOf(organizerSub, Array.from({ length: MAX_EVENT_IMAGES }, fakeImage));
    const response = await api('POST', `/api/events/${event.id}/images`, { token: tokens.Organizer, body: { contentType: 'image/webp', size: 1000 } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(TOO_MANY_MESSAGE);
  });

  it(`keeps at most ${MAX_EVENT_IMAGES} refused uploads: another waits until one is dismissed`, async () => {
    const event = await eventOf(organizerSub);
    const owner = { sub: organizerSub, profile: { email: 'organizer@test' } } as Caller;
    const refused = Array.from({ length: MAX_EVENT_IMAGES }, () => ulid());
    for (const id of refused) {
      await startUpload(owner, event, id);
      await failUpload(event.id, id, 'This file is not an image we can read.');
    }
    const request = () => api('POST', `/api/events/${event.id}/images`, { token: tokens.Organizer, body: { contentType: 'image/webp', size: 1000 } });
    const response = await request();
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(TOO_MANY_REFUSED_MESSAGE);
    expect((await api('DELETE', `/api/events/${event.id}/images/${refused[0]}`, { token: tokens.Organizer })).status).toBe(200);
    expect((await request()).status).toBe(201);
  });

  it("lets an admin remove any event's image, and answers another organizer as if the event did not exist", async () => {
    const [first, second] = [fakeImage(), fakeImage()];
    const event = await eventOf(`someone-else-${randomUUID()}`, [first!, second!]);
    for (const [method, path] of [
      ['GET', `/api/events/${event.id}/images`],
      ['DELETE', `/api/events/${event.id}/images/${first!.id}`],
    ] as const) {
      expect((await api(method, path, { token: tokens.Organizer })).status, `${method} ${path}`).toBe(404);
    }
    expect((await api('POST', `/api/events/${event.id}/images`, { token: tokens.Organizer, body: { contentType: 'image/png', size: 10 } })).status).toBe(404);
    expect((await api('GET', `/api/events/${event.id}/images`, { token: tokens.Athlete })).status).toBe(403);

    const removed = await api('DELETE', `/api/events/${event.id}/images/${first!.id}`, { token: tokens.Admin });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(EventImagesSchema.parse(removed.body).images.map((image) => image.id)).toEqual([second!.id]);
    expect(await imageChangesOf(event.id)).toEqual([
      { role: 'admin', fields: [{ name: 'images', before: [first, second].map((image) => ({ id: image!.id, alt: '' })), after: [{ id: second!.id, alt: '' }] }] },
    ]);
    expect((await api('DELETE', `/api/events/${event.id}/images/${first!.id}`, { token: tokens.Admin })).status).toBe(404);
  });
});

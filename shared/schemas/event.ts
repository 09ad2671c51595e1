import * as z from 'zod';
import { EVENT_TYPES, TERRAIN_TYPES } from '../event-vocabulary.ts';
import { STATE_CODES } from '../us-states.ts';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema } from './common.ts';

export const EventTypeSchema = z.enum(EVENT_TYPES);
export const TerrainTypeSchema = z.enum(TERRAIN_TYPES);

export const EVENT_SOURCES = ['manual', 'seed', 'json', 'runsignup'] as const;
export const EventSourceSchema = z.enum(EVENT_SOURCES);

export const StateCodeSchema = z.enum(STATE_CODES as [string, ...string[]], {
  message: 'must be a two-letter US state code',
});

/** An event as stored and returned by the API. */
export const EventSchema = z.object({
  id: UlidSchema,
  title: z.string(),
  description: z.string().optional(),
  eventDate: IsoDateSchema,
  registrationEndDate: IsoDateSchema.optional(),
  eventType: EventTypeSchema,
  terrainType: TerrainTypeSchema,
  locationName: z.string(),
  city: z.string(),
  state: StateCodeSchema,
  country: z.string(),
  zipCode: z.string().optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  distances: z.array(z.string()),
  registrationFee: z.number().nonnegative().optional(),
  maxParticipants: z.number().int().positive().optional(),
  registrationUrl: z.url().optional(),
  websiteUrl: z.url().optional(),
  imageUrl: z.url().optional(),
  organizationId: UlidSchema.optional(),
  organizerId: z.string().optional(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  verified: z.boolean(),
  source: EventSourceSchema,
  sourceId: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type RaceEvent = z.infer<typeof EventSchema>;

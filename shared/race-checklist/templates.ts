/**
 * What a checklist starts with, by kind of race, and which kind a race is. Items are shared between templates
 * where the advice is the same (a bib is a bib), each with a stable id: the athlete's ticks are stored by id,
 * so rewording an item keeps its tick, and an item dropped from a template simply stops showing.
 */
import type { EventType, TerrainType } from '../event-vocabulary.ts';
import { distanceCategoryOf } from '../search-text.ts';
import type { ChecklistSection, ChecklistTemplate } from './vocabulary.ts';

export interface TemplateItem {
  readonly id: string;
  readonly section: ChecklistSection;
  readonly text: string;
}

const gear = (id: string, text: string): TemplateItem => ({ id, section: 'gear', text });
const food = (id: string, text: string): TemplateItem => ({ id, section: 'nutrition', text });
const plan = (id: string, text: string): TemplateItem => ({ id, section: 'logistics', text });
const morning = (id: string, text: string): TemplateItem => ({ id, section: 'race_morning', text });

// Items more than one template uses.
const WATCH = gear('watch', 'Watch charged, set to the right sport');
const ANTI_CHAFE = gear('anti-chafe', 'Anti-chafe balm and blister plasters');
const SUN = gear('sun', 'Cap or visor, sunglasses and sunscreen');
const DRY_CLOTHES = gear('dry-clothes', 'Dry clothes and a warm layer for after the finish');
const RAIN_JACKET = gear('rain-jacket', 'Packable waterproof jacket');
const FIRST_AID = gear('first-aid', 'Small first-aid kit: blister plasters and tape');
const PHONE = gear('phone', "Phone charged, with the race director's number saved");
const HYDRATION_PACK = gear('hydration-pack', 'Hydration vest or handheld bottles');
const REQUIRED_KIT = gear('required-kit', "The race's required gear list, packed and checked");
const BIKE_SERVICE = gear('bike-service', 'Bike serviced: brakes, gears and tyres checked');
const HELMET = gear('helmet', 'Helmet (you may not ride without one)');
const BIKE_SHOES = gear('bike-shoes', 'Cycling shoes, cleats tight');
const BIKE_BOTTLES = gear('bike-bottles', 'Bottles and cages on the bike');
const REPAIR_KIT = gear('repair-kit', 'Spare tube, tyre levers and a pump or CO2');
const RACE_BELT = gear('race-belt', 'Race belt for your number');
const RUN_SHOES_QUICK = gear('run-shoes', 'Running shoes with elastic laces for a quick change');
const TRI_KIT = gear('tri-kit', 'Tri suit or kit you can swim, ride and run in');

const DINNER = food('dinner', 'A carb-rich dinner you know well the night before');
const BREAKFAST = food('breakfast', 'A breakfast you have trained on, 2 to 3 hours before the start');
const HYDRATE = food('hydrate', 'Drink to thirst the day before; nothing new on race day');
const GELS = food('gels', 'Gels or chews for races over 75 minutes: one every 30 to 45 minutes');
const AID_DRINKS = food('aid-drinks', 'Know which sports drink the aid stations serve');
const AID_GAPS = food('aid-gaps', 'Food and water for the longest gap between aid stations');
const ELECTROLYTES = food('electrolytes', 'Electrolytes or salt tablets for a hot day');
const BIKE_FUEL = food('bike-fuel', 'Food for the bike: about 60 g of carbs an hour, and when to take it');
const BIKE_DRINKS = food('bike-drinks', 'Sports drink mixed for the ride');
const RECOVERY_SNACK = food('recovery-snack', 'A snack and a drink for after the finish');

const CONFIRMATION = plan('confirmation', 'Registration confirmation and photo ID');
const PACKET = plan('packet', 'Packet pickup: the day, the place and what to bring');
const TRAVEL = plan('travel', 'Route and parking or transit to the start');
const START_TIME = plan('start-time', 'Start time and your wave or corral');
const COURSE_MAP = plan('course-map', 'Course map: aid stations, hills and toilets');
const FORECAST = plan('forecast', "The race-day forecast, and what you'll wear for it");
const BAG_CHECK = plan('bag-check', 'Bag check rules (some races need a clear bag)');
const MEET_UP = plan('meet-up', 'Where to meet family and friends after the finish');
const CUTOFFS = plan('cutoffs', 'Cut-off times at each aid station');
const ELEVATION = plan('elevation', 'Elevation profile and the technical sections');
const MARKINGS = plan('markings', 'How the course is marked (flags, ribbons, signs)');

const ALARM = morning('alarm', 'Two alarms set');
const BIB = morning('bib', 'Bib pinned on the front, timing chip attached');
const EMERGENCY_CONTACT = morning('emergency-contact', 'Emergency contact and medical notes on the back of your bib');
const ARRIVE = morning('arrive', 'Arrive an hour before the start');
const RESTROOM = morning('restroom', 'Restroom before the lines grow');
const WARM_UP = morning('warm-up', 'Easy warm-up: 10 minutes of jogging and drills');
const PACING_PLAN = morning('pacing-plan', 'Pacing plan: target splits on your watch or wrist');
const BRIEFING = morning('briefing', 'The pre-race briefing');
const TYRES = morning('tyres', 'Tyres pumped to pressure');

const ROAD: readonly TemplateItem[] = [
  gear('shoes', 'Race shoes you have trained in (nothing new)'),
  gear('kit', 'Race outfit tested on a long run'),
  WATCH,
  ANTI_CHAFE,
  SUN,
  gear('throwaway', 'A throwaway layer for the start corral'),
  DRY_CLOTHES,
  DINNER,
  BREAKFAST,
  HYDRATE,
  GELS,
  AID_DRINKS,
  CONFIRMATION,
  PACKET,
  TRAVEL,
  START_TIME,
  COURSE_MAP,
  FORECAST,
  BAG_CHECK,
  MEET_UP,
  ALARM,
  BIB,
  EMERGENCY_CONTACT,
  ARRIVE,
  RESTROOM,
  WARM_UP,
  PACING_PLAN,
];

const TRAIL: readonly TemplateItem[] = [
  gear('trail-shoes', "Trail shoes with grip for the course's ground"),
  HYDRATION_PACK,
  REQUIRED_KIT,
  RAIN_JACKET,
  FIRST_AID,
  PHONE,
  WATCH,
  ANTI_CHAFE,
  SUN,
  DRY_CLOTHES,
  DINNER,
  BREAKFAST,
  HYDRATE,
  AID_GAPS,
  ELECTROLYTES,
  CONFIRMATION,
  PACKET,
  TRAVEL,
  START_TIME,
  ELEVATION,
  MARKINGS,
  CUTOFFS,
  FORECAST,
  ALARM,
  BIB,
  EMERGENCY_CONTACT,
  ARRIVE,
  BRIEFING,
  RESTROOM,
];

const ULTRA: readonly TemplateItem[] = [
  gear('long-shoes', 'Shoes you have run your longest runs in'),
  HYDRATION_PACK,
  REQUIRED_KIT,
  gear('headlamp', 'Headlamp and spare batteries'),
  gear('night-layers', 'Warm layers, hat and gloves for night and high ground'),
  gear('spare-socks', 'Spare socks and shoes for a drop bag'),
  RAIN_JACKET,
  FIRST_AID,
  PHONE,
  WATCH,
  ANTI_CHAFE,
  SUN,
  DINNER,
  BREAKFAST,
  food('calorie-plan', 'Calorie plan: about 200 to 300 kcal an hour'),
  food('real-food', 'Real food you have tested on long runs'),
  AID_GAPS,
  ELECTROLYTES,
  CONFIRMATION,
  PACKET,
  plan('drop-bags', 'Drop bags packed and labelled with your number'),
  plan('crew', 'Crew plan: where they meet you and what they bring'),
  plan('pacer', 'Pacer briefed on where they join you'),
  CUTOFFS,
  ELEVATION,
  MARKINGS,
  FORECAST,
  ALARM,
  morning('feet', 'Tape hot spots and lubricate your feet'),
  BIB,
  EMERGENCY_CONTACT,
  ARRIVE,
  BRIEFING,
];

const BIKE_CHECK_IN = plan('bike-check-in', 'Bike check-in time and where your bike is racked');
const TRANSITION = plan('transition', 'Transition layout: the way in and out for each leg');
const TRANSITION_SETUP = morning('transition-setup', 'Transition set up: helmet on the bars, shoes laid out');
const BODY_MARKING = morning('body-marking', 'Body marking done');
const ANKLE_CHIP = morning('ankle-chip', 'Timing chip on your ankle');
const ARRIVE_EARLY = morning('arrive-early', 'Arrive 90 minutes before transition closes');

const TRIATHLON: readonly TemplateItem[] = [
  gear('wetsuit', 'Wetsuit, if the water temperature allows one'),
  gear('goggles', 'Goggles, and a spare pair'),
  gear('swim-cap', 'Swim cap from your race packet'),
  TRI_KIT,
  BIKE_SERVICE,
  HELMET,
  BIKE_SHOES,
  BIKE_BOTTLES,
  REPAIR_KIT,
  RUN_SHOES_QUICK,
  RACE_BELT,
  WATCH,
  SUN,
  ANTI_CHAFE,
  DINNER,
  BREAKFAST,
  HYDRATE,
  BIKE_FUEL,
  BIKE_DRINKS,
  GELS,
  CONFIRMATION,
  PACKET,
  BIKE_CHECK_IN,
  TRANSITION,
  plan('swim-bike-run-courses', 'Swim, bike and run course maps'),
  plan('water-temp', 'Water temperature and the wetsuit rule'),
  TRAVEL,
  START_TIME,
  FORECAST,
  ALARM,
  ARRIVE_EARLY,
  TYRES,
  TRANSITION_SETUP,
  BODY_MARKING,
  ANKLE_CHIP,
  morning('swim-warm-up', 'Swim warm-up, if the race allows one'),
];

/** A triathlon's list without the swim. */
const DUATHLON: readonly TemplateItem[] = [
  TRI_KIT,
  BIKE_SERVICE,
  HELMET,
  BIKE_SHOES,
  BIKE_BOTTLES,
  REPAIR_KIT,
  RUN_SHOES_QUICK,
  RACE_BELT,
  WATCH,
  SUN,
  ANTI_CHAFE,
  DINNER,
  BREAKFAST,
  HYDRATE,
  BIKE_FUEL,
  BIKE_DRINKS,
  GELS,
  CONFIRMATION,
  PACKET,
  BIKE_CHECK_IN,
  TRANSITION,
  plan('run-bike-run-courses', 'Run, bike and run course maps'),
  TRAVEL,
  START_TIME,
  FORECAST,
  ALARM,
  ARRIVE_EARLY,
  TYRES,
  TRANSITION_SETUP,
  BODY_MARKING,
  ANKLE_CHIP,
  WARM_UP,
];

const CYCLING: readonly TemplateItem[] = [
  BIKE_SERVICE,
  HELMET,
  BIKE_SHOES,
  gear('cycling-kit', 'Cycling kit and gloves'),
  BIKE_BOTTLES,
  REPAIR_KIT,
  gear('bike-computer', 'Bike computer charged, with the route loaded'),
  gear('lights', 'Lights, if you start early or may finish late'),
  RAIN_JACKET,
  SUN,
  DINNER,
  BREAKFAST,
  BIKE_FUEL,
  BIKE_DRINKS,
  CONFIRMATION,
  PACKET,
  TRAVEL,
  START_TIME,
  plan('route', 'Route: the climbs, descents and feed zones'),
  plan('support', 'Support and the sag wagon: how to call for help'),
  FORECAST,
  ALARM,
  TYRES,
  morning('bike-number', 'Number on the bike and on your back'),
  EMERGENCY_CONTACT,
  ARRIVE,
  morning('spin', 'Spin easily for 10 minutes to warm up'),
];

const OBSTACLE: readonly TemplateItem[] = [
  gear('grip-shoes', 'Shoes with deep lugs that drain water'),
  gear('no-cotton', 'Fitted clothes that drain (no cotton)'),
  gear('gloves', 'Grip gloves, if the race allows them'),
  gear('change', 'A full change of clothes, a towel and sandals'),
  gear('bin-bag', 'A bin bag for muddy clothes'),
  gear('headband', 'Headband or cap for your number'),
  BREAKFAST,
  HYDRATE,
  RECOVERY_SNACK,
  CONFIRMATION,
  plan('waiver', 'Waiver signed (printed, if the race asks)'),
  PACKET,
  TRAVEL,
  START_TIME,
  plan('obstacles', 'The obstacles and the penalty for skipping one'),
  plan('spectators', 'Spectator passes for family and friends'),
  BAG_CHECK,
  ALARM,
  morning('obstacle-number', 'Number on your headband, timing band on your wrist'),
  EMERGENCY_CONTACT,
  ARRIVE,
  morning('grip-warm-up', 'Warm up your shoulders and grip'),
];

export const CHECKLIST_TEMPLATE_ITEMS: Readonly<Record<ChecklistTemplate, readonly TemplateItem[]>> = {
  road: ROAD,
  trail: TRAIL,
  ultra: ULTRA,
  triathlon: TRIATHLON,
  duathlon: DUATHLON,
  cycling: CYCLING,
  obstacle: OBSTACLE,
};

export interface ChecklistRace {
  readonly eventType: EventType;
  readonly terrainType: TerrainType;
  readonly distances: readonly string[];
}

/**
 * The kind of checklist a race gets. Its event type decides, except that a road or trail race whose every
 * distance is an ultra gets the ultra list (a '50K' trail race needs drop bags), and fun runs and other events
 * go by their terrain.
 */
export function checklistTemplateFor(race: ChecklistRace): ChecklistTemplate {
  switch (race.eventType) {
    case 'triathlon':
      return 'triathlon';
    case 'duathlon':
      return 'duathlon';
    case 'cycling':
      return 'cycling';
    case 'obstacle_race':
      return 'obstacle';
    case 'ultra_marathon':
      return 'ultra';
    default:
      break;
  }
  const allUltra = race.distances.length > 0 && race.distances.every((label) => distanceCategoryOf(label, race.eventType) === 'ultra');
  if (allUltra && (race.eventType === 'road_race' || race.eventType === 'trail_race')) return 'ultra';
  if (race.eventType === 'trail_race') return 'trail';
  if (race.eventType === 'road_race') return 'road';
  return race.terrainType === 'trail' || race.terrainType === 'mountain' ? 'trail' : 'road';
}

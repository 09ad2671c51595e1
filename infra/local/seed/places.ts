/**
 * Real places for the local seed: for every state and DC, cities and towns where races are actually held,
 * with their coordinates, a main ZIP code and the parks, waterfronts, trails and mountains that host them.
 * The venue kind decides which terrains (and whether a swim) an event there can have, so a triathlon lands
 * on a lake or a beach and a mountain race on a mountain. Names with accents, okinas and apostrophes
 * (Española, Kīhei, Coeur d'Alene) are here on purpose: search folds them and needs real data to prove it.
 */
import type { TerrainType } from '#shared/event-vocabulary';
import type { StateCode } from '#shared/us-states';

export type VenueKind = 'downtown' | 'park' | 'waterfront' | 'lake' | 'beach' | 'trail' | 'mountain' | 'fairground';

export interface Venue {
  readonly name: string;
  readonly kind: VenueKind;
}

export interface Place {
  readonly city: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly zipCode: string;
  readonly venues: readonly Venue[];
}

export interface StatePlaces {
  /** Rough population, so big states get more races, as they do in real calendars. */
  readonly populationMillions: number;
  readonly places: readonly Place[];
}

/** Terrains an event held at a venue of each kind can have. */
export const VENUE_TERRAINS: Readonly<Record<VenueKind, readonly TerrainType[]>> = {
  downtown: ['road'],
  park: ['road', 'mixed'],
  waterfront: ['road', 'mixed'],
  // Lake loops are paved paths and gravel; real single-track lives in the trail and mountain venues.
  lake: ['road', 'mixed'],
  beach: ['beach', 'road', 'mixed'],
  trail: ['trail', 'mixed'],
  mountain: ['mountain', 'trail', 'mixed'],
  fairground: ['road', 'mixed'],
};

/** Venue kinds with open water, where swims and triathlons can start. */
export const SWIM_KINDS: ReadonlySet<VenueKind> = new Set(['waterfront', 'lake', 'beach']);

const venue = (kind: VenueKind) => (name: string): Venue => ({ name, kind });
const downtown = venue('downtown');
const park = venue('park');
const waterfront = venue('waterfront');
const lake = venue('lake');
const beach = venue('beach');
const trail = venue('trail');
const mountain = venue('mountain');
const fairground = venue('fairground');

function city(name: string, latitude: number, longitude: number, zipCode: string, venues: Venue[]): Place {
  return { city: name, latitude, longitude, zipCode, venues };
}

export const PLACES: Readonly<Record<StateCode, StatePlaces>> = {
  AL: {
    populationMillions: 5.1,
    places: [
      city('Birmingham', 33.519, -86.81, '35203', [park('Railroad Park'), mountain('Oak Mountain State Park'), trail('Red Mountain Park')]),
      city('Huntsville', 34.73, -86.586, '35801', [downtown('Big Spring Park'), mountain('Monte Sano State Park'), waterfront('Ditto Landing')]),
      city('Mobile', 30.695, -88.04, '36602', [downtown('Bienville Square'), park('Langan Park'), waterfront('Cooper Riverside Park')]),
      city('Montgomery', 32.377, -86.3, '36104', [waterfront('Riverfront Park'), park('Blount Cultural Park'), trail('Lagoon Park Trail')]),
      city('Gulf Shores', 30.246, -87.701, '36542', [beach('Gulf State Park'), beach('Gulf Shores Public Beach'), trail('Hugh S. Branyon Backcountry Trail')]),
      city('Tuscaloosa', 33.21, -87.569, '35401', [waterfront('Tuscaloosa Riverwalk'), lake('Lake Lurleen State Park'), downtown('University Boulevard')]),
      city('Mentone', 34.567, -85.585, '35984', [mountain('DeSoto State Park'), mountain('Little River Canyon')]),
    ],
  },
  AK: {
    populationMillions: 0.73,
    places: [
      city('Anchorage', 61.218, -149.9, '99501', [trail('Tony Knowles Coastal Trail'), trail('Kincaid Park'), mountain('Flattop Mountain'), lake('Westchester Lagoon'), downtown('Town Square Park')]),
      city('Fairbanks', 64.838, -147.716, '99701', [trail("Creamer's Field"), park('Pioneer Park'), trail('Birch Hill Recreation Area'), waterfront('Chena River Walk')]),
      city('Juneau', 58.302, -134.42, '99801', [mountain('Mount Roberts'), trail('Perseverance Trail'), lake('Mendenhall Lake')]),
      city('Seward', 60.104, -149.443, '99664', [mountain('Mount Marathon'), waterfront('Resurrection Bay'), trail('Lowell Point')]),
      city('Girdwood', 60.943, -149.167, '99587', [mountain('Alyeska Resort'), trail('Winner Creek Trail')]),
      city('Palmer', 61.6, -149.113, '99645', [fairground('Alaska State Fairgrounds'), mountain('Government Peak Recreation Area'), mountain('Hatcher Pass')]),
      city('Homer', 59.643, -151.548, '99603', [beach('Homer Spit'), trail('Diamond Creek Recreation Area')]),
    ],
  },
  AZ: {
    populationMillions: 7.4,
    places: [
      city('Phoenix', 33.448, -112.074, '85004', [mountain('South Mountain Park'), mountain('Piestewa Peak'), park('Encanto Park'), downtown('Roosevelt Row')]),
      city('Tucson', 32.222, -110.975, '85701', [mountain('Mount Lemmon'), trail('Sabino Canyon'), park('Reid Park'), trail('Tucson Mountain Park')]),
      city('Flagstaff', 35.198, -111.651, '86001', [mountain('Arizona Snowbowl'), trail('Buffalo Park'), fairground('Fort Tuthill County Park'), lake('Lake Mary')]),
      city('Sedona', 34.87, -111.761, '86336', [mountain('Red Rock State Park'), trail('Bell Rock'), trail('Oak Creek Canyon')]),
      city('Tempe', 33.426, -111.94, '85281', [lake('Tempe Town Lake'), trail('Papago Park'), downtown('Mill Avenue')]),
      city('Scottsdale', 33.494, -111.926, '85251', [park('Scottsdale Civic Center'), mountain('McDowell Sonoran Preserve'), park('Indian Bend Wash Greenbelt')]),
      city('Prescott', 34.54, -112.469, '86301', [lake('Watson Lake'), downtown('Courthouse Square'), mountain('Thumb Butte')]),
      city('Lake Havasu City', 34.484, -114.322, '86403', [beach('London Bridge Beach'), trail('SARA Park')]),
    ],
  },
  AR: {
    populationMillions: 3.1,
    places: [
      city('Little Rock', 34.746, -92.29, '72201', [waterfront('Arkansas River Trail'), mountain('Pinnacle Mountain State Park'), park('Riverfront Park'), downtown('River Market District')]),
      city('Fayetteville', 36.063, -94.157, '72701', [trail('Kessler Mountain'), lake('Lake Fayetteville'), park('Razorback Greenway'), downtown('Dickson Street')]),
      city('Bentonville', 36.373, -94.209, '72712', [trail('Slaughter Pen Trails'), trail('Coler Mountain Bike Preserve'), downtown('Bentonville Square')]),
      city('Hot Springs', 34.504, -93.055, '71901', [mountain('Hot Springs Mountain'), downtown('Bathhouse Row'), lake('Lake Catherine State Park')]),
      city('Jonesboro', 35.842, -90.704, '72401', [park('Craighead Forest Park'), downtown('Main Street Jonesboro')]),
      city('Eureka Springs', 36.401, -93.738, '72632', [trail('Lake Leatherwood City Park'), downtown('Historic Downtown Eureka Springs')]),
    ],
  },
  CA: {
    populationMillions: 39,
    places: [
      city('San Francisco', 37.775, -122.419, '94102', [park('Golden Gate Park'), waterfront('Embarcadero'), beach('Ocean Beach'), waterfront('Crissy Field'), trail('Presidio')]),
      city('Los Angeles', 34.052, -118.244, '90012', [mountain('Griffith Park'), park('Elysian Park'), downtown('Grand Park'), park('Exposition Park')]),
      city('San Diego', 32.716, -117.161, '92101', [park('Balboa Park'), beach('Mission Bay'), beach('Mission Beach'), trail('Mission Trails Regional Park'), waterfront('Harbor Drive')]),
      city('Sacramento', 38.582, -121.494, '95814', [waterfront('Old Sacramento Waterfront'), trail('American River Parkway'), lake('Folsom Lake'), park('William Land Park')]),
      city('Santa Monica', 34.019, -118.491, '90401', [beach('Santa Monica Pier'), beach('Santa Monica State Beach'), downtown('Third Street Promenade')]),
      city('Santa Cruz', 36.974, -122.031, '95060', [beach('Cowell Beach'), waterfront('West Cliff Drive'), trail('Wilder Ranch State Park'), trail('Henry Cowell Redwoods State Park')]),
      city('South Lake Tahoe', 38.933, -119.984, '96150', [lake('Lakeview Commons'), mountain('Heavenly Mountain'), trail('Tahoe Rim Trail')]),
      city('La Cañada Flintridge', 34.207, -118.2, '91011', [mountain('Angeles Crest'), park('Descanso Gardens'), trail('Hahamongna Watershed Park')]),
    ],
  },
  CO: {
    populationMillions: 5.9,
    places: [
      city('Denver', 39.739, -104.99, '80202', [park('City Park'), park('Washington Park'), lake("Sloan's Lake"), downtown('Civic Center Park'), lake('Cherry Creek State Park')]),
      city('Boulder', 40.015, -105.271, '80302', [mountain('Chautauqua Park'), lake('Boulder Reservoir'), trail('Walker Ranch'), downtown('Pearl Street')]),
      city('Colorado Springs', 38.834, -104.821, '80903', [mountain('Pikes Peak'), trail('Garden of the Gods'), lake('Memorial Park'), trail('Palmer Park')]),
      city('Leadville', 39.251, -106.292, '80461', [lake('Turquoise Lake'), mountain('Hope Pass'), downtown('Harrison Avenue')]),
      city('Cañon City', 38.441, -105.242, '81212', [mountain('Royal Gorge'), trail('Tunnel Drive Trail'), waterfront('Arkansas Riverwalk')]),
      city('Steamboat Springs', 40.485, -106.832, '80487', [mountain('Steamboat Resort'), trail('Emerald Mountain'), waterfront('Yampa River Core Trail')]),
      city('Fort Collins', 40.585, -105.084, '80521', [lake('Horsetooth Reservoir'), trail('Lory State Park'), downtown('Old Town Square')]),
      city('Durango', 37.275, -107.88, '81301', [mountain('Purgatory Resort'), trail('Horse Gulch'), waterfront('Animas River Trail')]),
    ],
  },
  CT: {
    populationMillions: 3.6,
    places: [
      city('Hartford', 41.764, -72.682, '06103', [park('Bushnell Park'), waterfront('Riverside Park'), park('Elizabeth Park')]),
      city('New Haven', 41.308, -72.928, '06510', [park('New Haven Green'), mountain('East Rock Park'), beach('Lighthouse Point Park'), trail('West Rock Ridge State Park')]),
      city('Mystic', 41.354, -71.966, '06355', [waterfront('Mystic Seaport'), trail('Bluff Point State Park')]),
      city('Stamford', 41.053, -73.539, '06901', [beach('Cove Island Park'), park('Mill River Park')]),
      city('Litchfield', 41.747, -73.189, '06759', [trail('White Memorial Conservation Center'), lake('Bantam Lake')]),
      city('Madison', 41.28, -72.599, '06443', [beach('Hammonasset Beach State Park'), downtown('Madison Green')]),
    ],
  },
  DE: {
    populationMillions: 1.0,
    places: [
      city('Wilmington', 39.746, -75.547, '19801', [waterfront('Wilmington Riverfront'), park('Brandywine Park'), trail('Alapocas Run State Park')]),
      city('Dover', 39.158, -75.524, '19901', [fairground('Dover Motor Speedway'), lake('Silver Lake Park'), trail('Killens Pond State Park')]),
      city('Rehoboth Beach', 38.721, -75.076, '19971', [beach('Rehoboth Beach Boardwalk'), trail('Junction and Breakwater Trail')]),
      city('Newark', 39.684, -75.75, '19711', [trail('White Clay Creek State Park'), downtown('Main Street Newark'), lake('Lums Pond State Park')]),
      city('Lewes', 38.774, -75.139, '19958', [beach('Cape Henlopen State Park'), waterfront('Lewes Canalfront Park')]),
    ],
  },
  DC: {
    // One city: the District's running scene spreads over its neighborhoods, so they are separate entries.
    populationMillions: 0.68,
    places: [
      city('Washington', 38.895, -77.036, '20004', [park('National Mall'), park('East Potomac Park'), downtown('Freedom Plaza'), waterfront('The Wharf')]),
      city('Washington', 38.909, -77.065, '20007', [waterfront('Georgetown Waterfront Park'), trail('Capital Crescent Trail')]),
      city('Washington', 38.862, -76.985, '20020', [waterfront('Anacostia Park'), park('Kenilworth Park')]),
      city('Washington', 38.94, -77.05, '20008', [trail('Rock Creek Park'), park('National Zoo')]),
    ],
  },
  FL: {
    populationMillions: 22.6,
    places: [
      city('Miami', 25.762, -80.192, '33130', [waterfront('Bayfront Park'), beach('Crandon Park'), trail('Oleta River State Park'), downtown('Brickell')]),
      city('Orlando', 28.538, -81.379, '32801', [lake('Lake Eola Park'), park('West Orange Trail'), lake('Lake Nona')]),
      city('Tampa', 27.951, -82.457, '33602', [waterfront('Bayshore Boulevard'), waterfront('Tampa Riverwalk'), trail('Flatwoods Park')]),
      city('Jacksonville', 30.332, -81.656, '32202', [waterfront('Northbank Riverwalk'), beach('Hanna Park'), downtown('TIAA Bank Field')]),
      city('Clermont', 28.549, -81.773, '34711', [lake('Waterfront Park'), trail('Lake Louisa State Park'), downtown('Sugarloaf Mountain Road')]),
      city('Gainesville', 29.652, -82.325, '32601', [trail('San Felasco Hammock Preserve'), park('Depot Park'), trail('Paynes Prairie Preserve')]),
      city('Key West', 24.555, -81.78, '33040', [beach('Smathers Beach'), downtown('Duval Street'), beach('Fort Zachary Taylor')]),
      city('Panama City Beach', 30.177, -85.806, '32413', [beach('Pier Park'), beach('St. Andrews State Park'), trail('Camp Helen State Park')]),
    ],
  },
  GA: {
    populationMillions: 11,
    places: [
      city('Atlanta', 33.749, -84.388, '30303', [park('Piedmont Park'), downtown('Centennial Olympic Park'), park('Atlanta BeltLine'), trail('Sweetwater Creek State Park')]),
      city('Savannah', 32.081, -81.091, '31401', [park('Forsyth Park'), waterfront('River Street'), beach('Tybee Island')]),
      city('Athens', 33.951, -83.357, '30601', [downtown('Downtown Athens'), lake('Sandy Creek Park'), trail('Oconee Forest Park')]),
      city('Dahlonega', 34.533, -83.985, '30533', [mountain('Springer Mountain'), trail('Yahoola Creek Park'), mountain('Amicalola Falls State Park')]),
      city('Columbus', 32.461, -84.988, '31901', [waterfront('Chattahoochee Riverwalk'), park('Lakebottom Park')]),
      city('Jekyll Island', 31.074, -81.417, '31527', [beach('Driftwood Beach'), beach('Great Dunes Park')]),
    ],
  },
  HI: {
    populationMillions: 1.4,
    places: [
      city('Honolulu', 21.307, -157.858, '96813', [park('Kapiʻolani Park'), beach('Ala Moana Beach Park'), mountain('Diamond Head'), beach('Waikīkī Beach')]),
      city('Kailua-Kona', 19.64, -155.997, '96740', [beach('Kailua Pier'), downtown('Aliʻi Drive'), mountain('Hualālai')]),
      city('Kailua', 21.402, -157.739, '96734', [beach('Kailua Beach Park'), trail('Maunawili Trail')]),
      city('Hilo', 19.707, -155.085, '96720', [park('Liliʻuokalani Gardens'), beach('Hilo Bayfront'), trail('Wailuku River State Park')]),
      city('Kīhei', 20.764, -156.445, '96753', [beach('Kamaʻole Beach Park'), mountain('Haleakalā')]),
      city('Kapaʻa', 22.075, -159.319, '96746', [beach('Kapaʻa Beach Park'), park('Ke Ala Hele Makalae')]),
      city('Waimea', 21.957, -159.669, '96796', [mountain('Waimea Canyon'), beach('Waimea Pier')]),
    ],
  },
  ID: {
    populationMillions: 2,
    places: [
      city('Boise', 43.615, -116.202, '83702', [waterfront('Boise River Greenbelt'), mountain('Bogus Basin'), trail("Camel's Back Park"), lake('Lucky Peak State Park')]),
      city("Coeur d'Alene", 47.678, -116.78, '83814', [beach("Coeur d'Alene City Beach"), trail('Tubbs Hill'), park('North Idaho Centennial Trail')]),
      city('Ketchum', 43.681, -114.364, '83340', [mountain('Bald Mountain'), trail('Adams Gulch')]),
      city('McCall', 44.911, -116.099, '83638', [lake('Payette Lake'), trail('Ponderosa State Park'), mountain('Brundage Mountain')]),
      city('Idaho Falls', 43.492, -112.034, '83402', [waterfront('Idaho Falls Greenbelt'), downtown('Historic Downtown Idaho Falls')]),
      city('Pocatello', 42.871, -112.446, '83201', [trail('City Creek Trail System'), park('Ross Park')]),
      city('Sandpoint', 48.277, -116.553, '83864', [beach('Sandpoint City Beach'), mountain('Schweitzer Mountain')]),
    ],
  },
  IL: {
    populationMillions: 12.5,
    places: [
      city('Chicago', 41.878, -87.63, '60602', [beach('North Avenue Beach'), park('Grant Park'), park('Lincoln Park'), waterfront('Lakefront Trail'), beach('Montrose Harbor')]),
      city('Springfield', 39.781, -89.65, '62701', [lake('Lake Springfield'), fairground('Illinois State Fairgrounds'), downtown('Old State Capitol Plaza')]),
      city('Peoria', 40.694, -89.589, '61602', [waterfront('Peoria Riverfront'), trail('Jubilee College State Park'), park('Detweiller Park')]),
      city('Naperville', 41.75, -88.153, '60540', [waterfront('Naperville Riverwalk'), lake('Centennial Beach'), park('Knoch Park')]),
      city('Champaign', 40.116, -88.243, '61820', [downtown('Memorial Stadium'), trail('Kickapoo State Recreation Area'), park('Hessel Park')]),
      city('Utica', 41.343, -89.011, '61373', [trail('Starved Rock State Park'), trail('Matthiessen State Park')]),
      city('Carbondale', 37.727, -89.217, '62901', [trail('Giant City State Park'), lake('Crab Orchard Lake'), trail('Shawnee National Forest')]),
    ],
  },
  IN: {
    populationMillions: 6.9,
    places: [
      city('Indianapolis', 39.768, -86.158, '46204', [fairground('Indianapolis Motor Speedway'), waterfront('White River State Park'), downtown('Monument Circle'), lake('Eagle Creek Park')]),
      city('Bloomington', 39.165, -86.526, '47408', [trail('Brown County State Park'), lake('Lake Monroe'), park('B-Line Trail')]),
      city('Fort Wayne', 41.079, -85.139, '46802', [waterfront('Promenade Park'), park('Franke Park'), trail('Fox Island County Park')]),
      city('South Bend', 41.676, -86.252, '46601', [waterfront('Howard Park'), park('Potawatomi Park')]),
      city('Chesterton', 41.61, -87.064, '46304', [beach('Indiana Dunes State Park'), trail('Cowles Bog Trail')]),
    ],
  },
  IA: {
    populationMillions: 3.2,
    places: [
      city('Des Moines', 41.587, -93.625, '50309', [waterfront('Principal Riverwalk'), lake("Gray's Lake Park"), fairground('Iowa State Fairgrounds'), park('High Trestle Trail')]),
      city('Iowa City', 41.661, -91.53, '52240', [park('City Park'), lake('Lake Macbride State Park'), trail('Hickory Hill Park')]),
      city('Cedar Rapids', 41.978, -91.666, '52401', [lake('Cedar Lake'), trail('Palisades-Kepler State Park'), downtown('NewBo District')]),
      city('Dubuque', 42.5, -90.665, '52001', [waterfront('Mississippi Riverwalk'), trail('Mines of Spain Recreation Area'), park('Eagle Point Park')]),
      city('Okoboji', 43.386, -95.137, '51355', [lake('West Okoboji Lake'), park('Spine Trail')]),
      city('Ames', 42.034, -93.62, '50010', [lake('Ada Hayden Heritage Park'), park('Brookside Park')]),
    ],
  },
  KS: {
    populationMillions: 2.9,
    places: [
      city('Wichita', 37.687, -97.33, '67202', [waterfront('Arkansas River Path'), park('Sedgwick County Park'), downtown('Old Town')]),
      city('Kansas City', 39.114, -94.627, '66101', [lake('Wyandotte County Lake Park'), fairground('Kansas Speedway')]),
      city('Lawrence', 38.972, -95.235, '66044', [lake('Clinton Lake'), downtown('Massachusetts Street'), trail('Lawrence River Trails')]),
      city('Manhattan', 39.184, -96.572, '66502', [lake('Tuttle Creek Lake'), trail('Konza Prairie'), park('Linear Park Trail')]),
      city('Emporia', 38.404, -96.182, '66801', [trail('Flint Hills'), park('Peter Pan Park'), downtown('Commercial Street')]),
      city('Overland Park', 38.982, -94.671, '66212', [lake('Shawnee Mission Park'), park('Corporate Woods')]),
    ],
  },
  KY: {
    populationMillions: 4.5,
    places: [
      city('Louisville', 38.253, -85.759, '40202', [waterfront('Waterfront Park'), park('Cherokee Park'), trail('Jefferson Memorial Forest'), fairground('Churchill Downs')]),
      city('Lexington', 38.041, -84.504, '40507', [fairground('Kentucky Horse Park'), lake('Jacobson Park'), park('Legacy Trail')]),
      city('Bowling Green', 36.99, -86.444, '42101', [park('Lost River Cave'), downtown('Fountain Square Park')]),
      city('Slade', 37.796, -83.703, '40376', [mountain('Red River Gorge'), trail('Natural Bridge State Resort Park')]),
      city('Covington', 39.084, -84.509, '41011', [waterfront('Covington Riverfront'), park('Devou Park')]),
      city('Frankfort', 38.201, -84.873, '40601', [downtown('Kentucky State Capitol'), trail('Cove Spring Park')]),
    ],
  },
  LA: {
    populationMillions: 4.6,
    places: [
      city('New Orleans', 29.951, -90.072, '70112', [park('Audubon Park'), park('City Park'), downtown('French Quarter'), waterfront('Lake Pontchartrain Lakefront')]),
      city('Baton Rouge', 30.451, -91.187, '70801', [lake('University Lake'), downtown('Downtown Baton Rouge'), waterfront('Mississippi River Levee Path'), trail('Bluebonnet Swamp')]),
      city('Lafayette', 30.224, -92.02, '70501', [park('Girard Park'), trail('Lake Martin')]),
      city('Shreveport', 32.525, -93.75, '71101', [waterfront('Red River Walk'), lake('Cross Lake')]),
      city('Grand Isle', 29.236, -90.003, '70358', [beach('Grand Isle State Park'), beach('Grand Isle Public Beach')]),
      city('Covington', 30.475, -90.101, '70433', [park('Tammany Trace'), trail('Fairview-Riverside State Park'), lake('Bogue Falaya Park')]),
      city('Ruston', 32.523, -92.638, '71270', [trail('Lincoln Parish Park'), downtown('Railroad Park')]),
    ],
  },
  ME: {
    populationMillions: 1.4,
    places: [
      city('Portland', 43.661, -70.256, '04101', [waterfront('Eastern Promenade'), park('Back Cove Trail'), beach('Crescent Beach State Park'), park('Fort Williams Park')]),
      city('Bar Harbor', 44.388, -68.204, '04609', [mountain('Cadillac Mountain'), trail('Acadia Carriage Roads'), waterfront('Agamont Park')]),
      city('Bangor', 44.801, -68.778, '04401', [waterfront('Bangor Waterfront'), trail('Bangor City Forest')]),
      city('Bethel', 44.404, -70.791, '04217', [mountain('Sunday River Resort'), trail('Bethel Village Trails')]),
      city('Camden', 44.21, -69.065, '04843', [mountain('Camden Hills State Park'), waterfront('Camden Harbor'), mountain('Camden Snow Bowl')]),
      city('Old Orchard Beach', 43.517, -70.377, '04064', [beach('Old Orchard Beach Pier'), downtown('Old Orchard Street')]),
    ],
  },
  MD: {
    populationMillions: 6.2,
    places: [
      city('Baltimore', 39.29, -76.612, '21202', [waterfront('Inner Harbor'), park('Druid Hill Park'), trail('Patapsco Valley State Park'), waterfront('Canton Waterfront Park')]),
      city('Annapolis', 38.978, -76.492, '21401', [waterfront('City Dock'), beach('Sandy Point State Park'), park('Quiet Waters Park')]),
      city('Ocean City', 38.336, -75.085, '21842', [beach('Ocean City Boardwalk'), beach('Assateague State Park')]),
      city('Frederick', 39.414, -77.41, '21701', [mountain('Gambrill State Park'), park('Baker Park'), waterfront('Carroll Creek Linear Park')]),
      city('Columbia', 39.204, -76.861, '21044', [lake('Centennial Park'), lake('Lake Kittamaqundi'), park('Symphony Woods')]),
      city('Cumberland', 39.653, -78.763, '21502', [trail('C&O Canal Towpath'), mountain('Rocky Gap State Park')]),
    ],
  },
  MA: {
    populationMillions: 7,
    places: [
      city('Boston', 42.36, -71.059, '02108', [waterfront('Boston Harbor'), waterfront('Charles River Esplanade'), park('Franklin Park'), downtown('Back Bay'), trail('Blue Hills Reservation'), beach('Carson Beach')]),
      city('Falmouth', 41.551, -70.615, '02540', [beach('Falmouth Heights Beach'), park('Shining Sea Bikeway'), downtown('Main Street Falmouth')]),
      city('Worcester', 42.263, -71.802, '01608', [lake('Lake Quinsigamond'), park('Elm Park'), mountain('Wachusett Mountain')]),
      city('Springfield', 42.101, -72.59, '01103', [park('Forest Park'), waterfront('Connecticut Riverwalk')]),
      city('Northampton', 42.325, -72.641, '01060', [mountain('Mount Holyoke Range State Park'), park('Look Park'), park('Norwottuck Rail Trail')]),
      city('Provincetown', 42.052, -70.186, '02657', [beach('Race Point Beach'), downtown('Commercial Street')]),
      city('Salem', 42.519, -70.897, '01970', [waterfront('Salem Willows'), park('Salem Common')]),
      city('Hopkinton', 42.229, -71.522, '01748', [downtown('Hopkinton Town Common'), lake('Hopkinton State Park')]),
    ],
  },
  MI: {
    populationMillions: 10,
    places: [
      city('Detroit', 42.331, -83.046, '48226', [waterfront('Detroit RiverWalk'), beach('Belle Isle Park'), downtown('Campus Martius')]),
      city('Grand Rapids', 42.963, -85.668, '49503', [waterfront('Grand River Edges Trail'), lake('Millennium Park'), downtown('Rosa Parks Circle')]),
      city('Traverse City', 44.763, -85.621, '49684', [beach('Clinch Park'), trail('Vasa Pathway'), beach('Sleeping Bear Dunes')]),
      city('Ann Arbor', 42.281, -83.743, '48104', [park('Gallup Park'), trail('Potawatomi Trail'), downtown('Michigan Stadium')]),
      city('Marquette', 46.544, -87.395, '49855', [beach("McCarty's Cove"), mountain('Marquette Mountain'), trail('Noquemanon Trail Network')]),
      city('Mackinac Island', 45.849, -84.618, '49757', [downtown('Main Street Mackinac Island'), trail('Mackinac Island State Park')]),
      city('Holland', 42.787, -86.109, '49423', [beach('Holland State Park'), waterfront('Kollen Park')]),
    ],
  },
  MN: {
    populationMillions: 5.7,
    places: [
      city('Minneapolis', 44.978, -93.265, '55401', [lake('Lake Harriet'), lake('Bde Maka Ska'), park('Minnehaha Falls'), trail('Theodore Wirth Park'), waterfront('Mississippi Riverfront')]),
      city('St. Paul', 44.954, -93.09, '55102', [waterfront('Harriet Island Regional Park'), park('Como Park'), downtown('Summit Avenue')]),
      city('Duluth', 46.787, -92.1, '55802', [waterfront('Canal Park'), mountain('Spirit Mountain'), trail('Jay Cooke State Park')]),
      city('Rochester', 44.022, -92.47, '55902', [lake('Silver Lake Park'), trail('Quarry Hill Park')]),
      city('Grand Marais', 47.75, -90.334, '55604', [mountain('Lutsen Mountains'), trail('Superior Hiking Trail'), waterfront('Grand Marais Harbor')]),
      city('Brainerd', 46.358, -94.201, '56401', [lake('Gull Lake'), trail('Cuyuna Lakes')]),
      city('Stillwater', 45.056, -92.806, '55082', [waterfront('Lowell Park'), trail("William O'Brien State Park")]),
    ],
  },
  MS: {
    populationMillions: 2.9,
    places: [
      city('Jackson', 32.299, -90.185, '39201', [lake('Ross Barnett Reservoir'), trail("LeFleur's Bluff State Park"), downtown('Smith Park')]),
      city('Oxford', 34.366, -89.519, '38655', [downtown('Oxford Square'), trail("Bailey's Woods"), lake('Sardis Lake')]),
      city('Tupelo', 34.258, -88.703, '38804', [downtown('Natchez Trace Parkway'), park('Veterans Park'), lake('Tombigbee State Park')]),
      city('Biloxi', 30.396, -88.885, '39530', [beach('Biloxi Beach'), waterfront('Biloxi Lighthouse Park')]),
      city('Hattiesburg', 31.327, -89.29, '39401', [park('Longleaf Trace'), park('Kamper Park'), lake('Paul B. Johnson State Park')]),
      city('Natchez', 31.56, -91.403, '39120', [waterfront('Natchez Bluff'), trail('Natchez State Park')]),
      city('Ocean Springs', 30.411, -88.828, '39564', [beach('Front Beach'), downtown('Washington Avenue')]),
    ],
  },
  MO: {
    populationMillions: 6.2,
    places: [
      city('St. Louis', 38.627, -90.199, '63101', [park('Forest Park'), waterfront('Gateway Arch National Park'), trail('Castlewood State Park')]),
      city('Kansas City', 39.1, -94.578, '64105', [trail('Swope Park'), park('Loose Park'), downtown('Crown Center'), waterfront('Berkley Riverfront Park')]),
      city('Springfield', 37.209, -93.292, '65806', [downtown('Park Central Square'), trail('Busiek State Forest'), lake('Lake Springfield Park')]),
      city('Columbia', 38.952, -92.334, '65201', [park('MKT Trail'), trail('Rock Bridge Memorial State Park'), lake('Stephens Lake Park')]),
      city('Branson', 36.644, -93.218, '65616', [lake('Table Rock Lake'), trail('Lakeside Forest Wilderness Area'), downtown('Branson Landing')]),
      city('Osage Beach', 38.13, -92.653, '65065', [lake('Lake of the Ozarks State Park'), trail('Ha Ha Tonka State Park')]),
      city("O'Fallon", 38.811, -90.7, '63366', [park('Fort Zumwalt Park'), park('Civic Park')]),
      city('Ste. Genevieve', 37.981, -90.048, '63670', [downtown('Historic Downtown Ste. Genevieve'), trail('Hawn State Park')]),
    ],
  },
  MT: {
    populationMillions: 1.1,
    places: [
      city('Missoula', 46.872, -113.994, '59802', [waterfront('Caras Park'), mountain('Mount Sentinel'), trail('Rattlesnake National Recreation Area')]),
      city('Bozeman', 45.68, -111.038, '59715', [mountain('Bridger Bowl'), trail('Sourdough Canyon'), downtown('Main Street Bozeman'), lake('Hyalite Reservoir')]),
      city('Whitefish', 48.411, -114.337, '59937', [mountain('Whitefish Mountain Resort'), beach('Whitefish City Beach')]),
      city('Billings', 45.783, -108.501, '59101', [trail('Rimrocks'), waterfront('Riverfront Park'), lake('Lake Elmo State Park')]),
      city('Helena', 46.589, -112.039, '59601', [mountain('Mount Helena City Park'), trail('Mount Ascension'), lake('Spring Meadow Lake State Park')]),
      city('Red Lodge', 45.186, -109.247, '59068', [mountain('Beartooth Highway'), mountain('Red Lodge Mountain')]),
      city('Great Falls', 47.5, -111.301, '59401', [waterfront("River's Edge Trail"), park('Gibson Park')]),
    ],
  },
  NE: {
    populationMillions: 2,
    places: [
      city('Omaha', 41.257, -95.935, '68102', [waterfront('Heartland of America Park'), park('Elmwood Park'), lake('Zorinsky Lake Park'), trail('Fontenelle Forest')]),
      city('Lincoln', 40.814, -96.703, '68508', [downtown('Nebraska State Capitol'), lake('Holmes Lake'), trail('Wilderness Park'), lake('Branched Oak Lake')]),
      city('Kearney', 40.699, -99.083, '68847', [lake('Cottonmill Lake'), park('Yanney Heritage Park')]),
      city('Scottsbluff', 41.867, -103.667, '69361', [mountain('Scotts Bluff National Monument'), trail('Wildcat Hills State Recreation Area')]),
      city('Valentine', 42.873, -100.551, '69201', [trail('Niobrara National Scenic River'), trail('Smith Falls State Park')]),
      city('Nebraska City', 40.677, -95.859, '68410', [park('Arbor Lodge State Historical Park'), downtown('Central Avenue')]),
    ],
  },
  NV: {
    populationMillions: 3.2,
    places: [
      city('Las Vegas', 36.17, -115.14, '89101', [downtown('Las Vegas Strip'), mountain('Red Rock Canyon'), lake('Lake Las Vegas'), downtown('Fremont Street')]),
      city('Reno', 39.53, -119.814, '89501', [waterfront('Truckee River Walk'), park('Idlewild Park'), trail('Galena Creek Regional Park'), mountain('Peavine Peak')]),
      city('Carson City', 39.164, -119.767, '89701', [trail('Ash Canyon'), downtown('Nevada State Capitol')]),
      city('Stateline', 38.962, -119.94, '89449', [beach('Zephyr Cove'), mountain('Kingsbury Grade')]),
      city('Incline Village', 39.251, -119.972, '89451', [beach('Sand Harbor State Park'), mountain('Diamond Peak')]),
      city('Boulder City', 35.979, -114.832, '89005', [beach('Boulder Beach'), trail('Bootleg Canyon')]),
      city('Ely', 39.247, -114.889, '89301', [lake('Cave Lake State Park'), downtown('Aultman Street')]),
    ],
  },
  NH: {
    populationMillions: 1.4,
    places: [
      city('Manchester', 42.996, -71.455, '03101', [waterfront('Arms Park'), downtown('Elm Street'), lake('Lake Massabesic')]),
      city('Portsmouth', 43.072, -70.763, '03801', [waterfront('Prescott Park'), beach('Odiorne Point State Park')]),
      city('Concord', 43.208, -71.538, '03301', [downtown('State House Plaza'), trail('Bear Brook State Park')]),
      city('North Conway', 44.054, -71.128, '03860', [mountain('Cranmore Mountain'), mountain('Mount Washington Auto Road'), lake('Echo Lake State Park')]),
      city('Hanover', 43.702, -72.29, '03755', [downtown('Dartmouth Green'), trail('Oak Hill')]),
      city('Lincoln', 44.045, -71.67, '03251', [mountain('Loon Mountain'), trail('Franconia Notch State Park')]),
      city('Hampton Beach', 42.909, -70.812, '03842', [beach('Hampton Beach State Park'), downtown('Ocean Boulevard')]),
    ],
  },
  NJ: {
    populationMillions: 9.3,
    places: [
      city('Newark', 40.736, -74.172, '07102', [park('Branch Brook Park'), waterfront('Riverfront Park')]),
      city('Atlantic City', 39.364, -74.423, '08401', [beach('Atlantic City Boardwalk'), waterfront("Gardner's Basin")]),
      city('Asbury Park', 40.22, -74.012, '07712', [beach('Asbury Park Boardwalk'), lake('Sunset Lake')]),
      city('Princeton', 40.357, -74.667, '08542', [lake('Lake Carnegie'), trail('Institute Woods'), downtown('Palmer Square')]),
      city('Cape May', 38.935, -74.906, '08204', [beach('Cape May Promenade'), trail('Cape May Point State Park')]),
      city('Morristown', 40.797, -74.482, '07960', [downtown('Morristown Green'), trail('Jockey Hollow'), lake('Lewis Morris County Park')]),
      city('Jersey City', 40.728, -74.078, '07302', [waterfront('Liberty State Park'), waterfront('Hudson River Waterfront Walkway')]),
      city('Vernon', 41.198, -74.483, '07462', [mountain('Mountain Creek Resort'), trail('Wawayanda State Park')]),
    ],
  },
  NM: {
    populationMillions: 2.1,
    places: [
      city('Albuquerque', 35.084, -106.651, '87102', [trail('Rio Grande Nature Center State Park'), mountain('Sandia Peak'), fairground('Balloon Fiesta Park'), downtown('Civic Plaza')]),
      city('Santa Fe', 35.687, -105.938, '87501', [downtown('Santa Fe Plaza'), mountain('Ski Santa Fe'), trail('Dale Ball Trails')]),
      city('Española', 35.991, -106.08, '87532', [downtown('Plaza de Española'), lake('Santa Cruz Lake Recreation Area')]),
      city('Taos', 36.407, -105.573, '87571', [mountain('Taos Ski Valley'), downtown('Taos Plaza'), trail('Rio Grande Gorge')]),
      city('Las Cruces', 32.312, -106.778, '88001', [mountain('Organ Mountains'), trail('Dripping Springs Natural Area'), downtown('Mesilla Plaza')]),
      city('Los Alamos', 35.888, -106.307, '87544', [mountain('Pajarito Mountain'), trail('Bandelier National Monument')]),
      city('Ruidoso', 33.332, -105.673, '88345', [mountain('Ski Apache'), lake('Grindstone Lake')]),
    ],
  },
  NY: {
    populationMillions: 19.6,
    places: [
      city('New York', 40.713, -74.006, '10007', [park('Central Park'), park('Prospect Park'), waterfront('Hudson River Park'), beach('Coney Island Boardwalk'), park('Flushing Meadows Corona Park'), trail('Van Cortlandt Park')]),
      city('Lake Placid', 44.28, -73.98, '12946', [lake('Mirror Lake'), mountain('Whiteface Mountain'), trail('Mount Van Hoevenberg')]),
      city('Buffalo', 42.886, -78.878, '14202', [waterfront('Canalside'), park('Delaware Park'), beach('Woodlawn Beach State Park')]),
      city('Rochester', 43.157, -77.615, '14604', [waterfront('Genesee Riverway Trail'), park('Highland Park'), beach('Ontario Beach Park')]),
      city('Syracuse', 43.049, -76.147, '13202', [lake('Onondaga Lake Park'), trail('Green Lakes State Park'), downtown('Clinton Square')]),
      city('Ithaca', 42.444, -76.502, '14850', [trail('Robert H. Treman State Park'), lake('Stewart Park'), trail('Buttermilk Falls State Park')]),
      city('Montauk', 41.036, -71.954, '11954', [beach('Montauk Point State Park'), beach('Kirk Park Beach')]),
      city('New Paltz', 41.747, -74.087, '12561', [mountain('Mohonk Preserve'), trail('Minnewaska State Park Preserve'), park('Wallkill Valley Rail Trail')]),
    ],
  },
  NC: {
    populationMillions: 10.8,
    places: [
      city('Charlotte', 35.227, -80.843, '28202', [downtown('Uptown Charlotte'), trail('U.S. National Whitewater Center'), park('Freedom Park'), lake('Lake Norman')]),
      city('Raleigh', 35.78, -78.639, '27601', [trail('William B. Umstead State Park'), park('Dorothea Dix Park'), downtown('Fayetteville Street'), lake('Lake Johnson Park')]),
      city('Asheville', 35.595, -82.551, '28801', [mountain('Mount Mitchell'), trail('Bent Creek Experimental Forest'), downtown('Pack Square Park'), mountain('Blue Ridge Parkway')]),
      city('Wilmington', 34.226, -77.945, '28401', [waterfront('Wilmington Riverwalk'), beach('Wrightsville Beach'), trail('Carolina Beach State Park')]),
      city('Boone', 36.217, -81.675, '28607', [mountain('Grandfather Mountain'), trail('Moses Cone Memorial Park'), downtown('King Street')]),
      city('Durham', 35.994, -78.899, '27701', [trail('Duke Forest'), park('American Tobacco Trail'), trail('Eno River State Park')]),
      city('Nags Head', 35.957, -75.624, '27959', [beach("Jockey's Ridge State Park"), beach("Jennette's Pier")]),
    ],
  },
  ND: {
    populationMillions: 0.78,
    places: [
      city('Fargo', 46.877, -96.79, '58102', [waterfront('Red River Greenway'), park('Lindenwood Park'), fairground('Fargodome')]),
      city('Bismarck', 46.808, -100.784, '58501', [waterfront('Missouri River Trail'), park('Sertoma Park'), trail('Fort Abraham Lincoln State Park'), downtown('North Dakota State Capitol')]),
      city('Grand Forks', 47.925, -97.033, '58201', [park('Greater Grand Forks Greenway'), downtown('Town Square')]),
      city('Medora', 46.914, -103.524, '58645', [trail('Maah Daah Hey Trail'), mountain('Painted Canyon')]),
      city('Minot', 48.233, -101.296, '58701', [fairground('North Dakota State Fairgrounds'), park('Roosevelt Park')]),
      city('Devils Lake', 48.113, -98.865, '58301', [lake('Devils Lake'), trail('Grahams Island State Park')]),
    ],
  },
  OH: {
    populationMillions: 11.8,
    places: [
      city('Columbus', 39.961, -82.999, '43215', [waterfront('Scioto Mile'), park('Schiller Park'), trail('Highbanks Metro Park'), lake('Alum Creek State Park')]),
      city('Cleveland', 41.499, -81.694, '44113', [beach('Edgewater Park'), trail('Cuyahoga Valley National Park'), downtown('Public Square'), park('Rocky River Reservation')]),
      city('Cincinnati', 39.103, -84.512, '45202', [waterfront('Smale Riverfront Park'), park('Eden Park'), trail('Mount Airy Forest'), lake('Winton Woods')]),
      city('Dayton', 39.758, -84.192, '45402', [waterfront('RiverScape MetroPark'), trail('Huffman Prairie'), lake('Caesar Creek State Park')]),
      city('Toledo', 41.664, -83.555, '43604', [waterfront('Promenade Park'), trail('Oak Openings Preserve'), park('Wildwood Preserve')]),
      city('Logan', 39.54, -82.407, '43138', [trail('Hocking Hills State Park'), lake('Lake Logan')]),
      city('Put-in-Bay', 41.652, -82.82, '43456', [waterfront('DeRivera Park'), beach('South Bass Island State Park')]),
    ],
  },
  OK: {
    populationMillions: 4.1,
    places: [
      city('Oklahoma City', 35.468, -97.516, '73102', [waterfront('Oklahoma River'), downtown('Bricktown'), lake('Lake Hefner'), park('Myriad Botanical Gardens')]),
      city('Tulsa', 36.154, -95.993, '74103', [waterfront('River Parks'), park('Gathering Place'), trail('Turkey Mountain Urban Wilderness')]),
      city('Norman', 35.223, -97.439, '73069', [lake('Lake Thunderbird'), park('Reaves Park'), downtown('Campus Corner')]),
      city('Stillwater', 36.116, -97.058, '74074', [lake('Lake McMurtry'), park('Boomer Lake Park')]),
      city('Broken Bow', 34.029, -94.739, '74728', [lake('Beavers Bend State Park'), mountain('Ouachita National Forest')]),
      city('Lawton', 34.604, -98.395, '73501', [mountain('Wichita Mountains Wildlife Refuge'), lake('Lake Lawtonka')]),
    ],
  },
  OR: {
    populationMillions: 4.2,
    places: [
      city('Portland', 45.515, -122.678, '97204', [trail('Forest Park'), waterfront('Tom McCall Waterfront Park'), park('Laurelhurst Park'), mountain('Powell Butte Nature Park'), lake('Blue Lake Regional Park')]),
      city('Bend', 44.058, -121.315, '97701', [mountain('Mount Bachelor'), trail("Phil's Trailhead"), waterfront('Drake Park'), trail('Shevlin Park')]),
      city('Eugene', 44.052, -123.087, '97401', [fairground('Hayward Field'), trail("Pre's Trail"), mountain('Spencer Butte'), waterfront('Alton Baker Park')]),
      city('Hood River', 45.705, -121.521, '97031', [waterfront('Hood River Waterfront Park'), trail('Post Canyon'), mountain('Mount Hood Meadows')]),
      city('Ashland', 42.195, -122.709, '97520', [park('Lithia Park'), mountain('Mount Ashland')]),
      city('Cannon Beach', 45.892, -123.961, '97110', [beach('Haystack Rock'), trail('Ecola State Park')]),
      city('Newport', 44.637, -124.053, '97365', [beach('Nye Beach'), waterfront('Yaquina Bay')]),
    ],
  },
  PA: {
    populationMillions: 13,
    places: [
      city('Philadelphia', 39.953, -75.165, '19107', [waterfront('Kelly Drive'), downtown('Benjamin Franklin Parkway'), trail('Wissahickon Valley Park'), park('Fairmount Park'), waterfront('Schuylkill River Trail')]),
      city('Pittsburgh', 40.441, -79.996, '15222', [waterfront('Point State Park'), park('Schenley Park'), trail('Frick Park'), lake('North Park')]),
      city('Harrisburg', 40.274, -76.884, '17101', [waterfront('Riverfront Park'), lake('Pinchot State Park'), downtown('City Island')]),
      city('State College', 40.793, -77.86, '16801', [trail('Rothrock State Forest'), downtown('Beaver Stadium'), mountain('Mount Nittany')]),
      city('Jim Thorpe', 40.876, -75.732, '18229', [mountain('Mauch Chunk Ridge'), trail('Lehigh Gorge State Park'), lake('Mauch Chunk Lake Park')]),
      city('Erie', 42.129, -80.085, '16501', [beach('Presque Isle State Park'), waterfront('Erie Bayfront')]),
      city('Lancaster', 40.038, -76.306, '17602', [downtown('Penn Square'), park('Lancaster County Central Park')]),
      city('Ohiopyle', 39.869, -79.493, '15470', [trail('Ohiopyle State Park'), park('Great Allegheny Passage')]),
    ],
  },
  RI: {
    populationMillions: 1.1,
    places: [
      city('Providence', 41.824, -71.412, '02903', [waterfront('Waterplace Park'), park('Roger Williams Park'), downtown('Kennedy Plaza')]),
      city('Newport', 41.49, -71.313, '02840', [waterfront('Ocean Drive'), beach("Easton's Beach"), park('Fort Adams State Park')]),
      city('Narragansett', 41.45, -71.45, '02882', [beach('Narragansett Town Beach'), waterfront('Point Judith Lighthouse')]),
      city('Westerly', 41.378, -71.827, '02891', [beach('Misquamicut State Beach'), downtown('Wilcox Park')]),
      city('Lincoln', 41.921, -71.435, '02865', [lake('Lincoln Woods State Park'), park('Blackstone River Bikeway')]),
      city('New Shoreham', 41.172, -71.558, '02807', [beach('Crescent Beach'), trail('Clay Head Trail')]),
    ],
  },
  SC: {
    populationMillions: 5.4,
    places: [
      city('Charleston', 32.777, -79.931, '29401', [waterfront('Waterfront Park'), downtown('Arthur Ravenel Jr. Bridge'), beach('Folly Beach'), trail('James Island County Park')]),
      city('Greenville', 34.853, -82.394, '29601', [park('Falls Park on the Reedy'), park('Swamp Rabbit Trail'), mountain('Paris Mountain State Park')]),
      city('Columbia', 34, -81.035, '29201', [waterfront('Riverfront Park'), trail('Congaree National Park'), lake('Lake Murray')]),
      city('Myrtle Beach', 33.689, -78.887, '29577', [beach('Myrtle Beach Boardwalk'), beach('Myrtle Beach State Park')]),
      city('Hilton Head Island', 32.216, -80.752, '29928', [beach('Coligny Beach Park'), trail('Sea Pines Forest Preserve')]),
      city('Pickens', 34.883, -82.707, '29671', [mountain('Table Rock State Park'), trail('Keowee-Toxaway State Park')]),
    ],
  },
  SD: {
    populationMillions: 0.92,
    places: [
      city('Sioux Falls', 43.545, -96.731, '57104', [park('Falls Park'), trail('Good Earth State Park'), downtown('Phillips Avenue')]),
      city('Rapid City', 44.081, -103.231, '57701', [mountain('Black Hills'), trail('M Hill'), lake('Canyon Lake Park')]),
      city('Custer', 43.767, -103.599, '57730', [mountain('Custer State Park'), lake('Sylvan Lake'), trail('Mickelson Trail')]),
      city('Spearfish', 44.491, -103.859, '57783', [mountain('Spearfish Canyon'), park('Spearfish City Park')]),
      city('Deadwood', 44.377, -103.729, '57732', [downtown('Main Street Deadwood'), trail('Mickelson Trail')]),
      city('Brookings', 44.311, -96.798, '57006', [park('McCrory Gardens'), lake('Oakwood Lakes State Park')]),
    ],
  },
  TN: {
    populationMillions: 7.1,
    places: [
      city('Nashville', 36.163, -86.781, '37201', [downtown('Music Row'), park('Centennial Park'), waterfront('Shelby Bottoms Greenway'), trail('Percy Warner Park')]),
      city('Memphis', 35.15, -90.049, '38103', [waterfront('Tom Lee Park'), park('Overton Park'), lake('Shelby Farms Park')]),
      city('Knoxville', 35.961, -83.921, '37902', [waterfront('Volunteer Landing'), trail('Ijams Nature Center'), downtown("World's Fair Park")]),
      city('Chattanooga', 35.046, -85.31, '37402', [waterfront('Tennessee Riverpark'), mountain('Lookout Mountain'), mountain('Raccoon Mountain'), lake('Chickamauga Lake')]),
      city('Gatlinburg', 35.714, -83.51, '37738', [mountain('Great Smoky Mountains'), downtown('The Parkway')]),
      city('Franklin', 35.925, -86.869, '37064', [downtown('Main Street Franklin'), fairground('Harlinsdale Farm'), park('Pinkerton Park')]),
    ],
  },
  TX: {
    populationMillions: 30.5,
    places: [
      city('Austin', 30.267, -97.743, '78701', [lake('Lady Bird Lake'), downtown('Congress Avenue'), trail('Walnut Creek Metropolitan Park'), park('Zilker Park'), lake('Lake Travis')]),
      city('Houston', 29.76, -95.37, '77002', [park('Memorial Park'), waterfront('Buffalo Bayou Park'), downtown('Discovery Green'), park('Terry Hershey Park')]),
      city('Dallas', 32.777, -96.797, '75201', [lake('White Rock Lake'), downtown('Klyde Warren Park'), fairground('Fair Park'), trail('Cedar Ridge Preserve')]),
      city('San Antonio', 29.424, -98.494, '78205', [waterfront('River Walk'), downtown('Alamo Plaza'), trail('Government Canyon State Natural Area'), park('Brackenridge Park')]),
      city('El Paso', 31.762, -106.485, '79901', [mountain('Franklin Mountains State Park'), downtown('San Jacinto Plaza'), park('Ascarate Park')]),
      city('Galveston', 29.301, -94.798, '77550', [beach('Seawall Boulevard'), beach('Galveston Island State Park'), downtown('The Strand')]),
      city('Fredericksburg', 30.275, -98.872, '78624', [mountain('Enchanted Rock State Natural Area'), downtown('Main Street Fredericksburg')]),
      city('South Padre Island', 26.103, -97.165, '78597', [beach('South Padre Island Beach'), waterfront('Laguna Madre Boardwalk')]),
    ],
  },
  UT: {
    populationMillions: 3.4,
    places: [
      city('Salt Lake City', 40.761, -111.891, '84101', [park('Liberty Park'), mountain('Wasatch Crest'), trail('Bonneville Shoreline Trail'), downtown('Library Square')]),
      city('Moab', 38.573, -109.55, '84532', [trail('Slickrock Trail'), mountain('Dead Horse Point State Park'), downtown('Colorado River Byway'), trail('Porcupine Rim')]),
      city('St. George', 37.096, -113.568, '84770', [mountain('Snow Canyon State Park'), lake('Sand Hollow State Park'), downtown('Town Square')]),
      city('Park City', 40.646, -111.498, '84060', [mountain('Deer Valley'), mountain('Park City Mountain'), trail('Round Valley'), lake('Jordanelle Reservoir')]),
      city('Ogden', 41.223, -111.974, '84401', [mountain('Snowbasin Resort'), lake('Pineview Reservoir'), downtown('Historic 25th Street')]),
      city('Provo', 40.234, -111.659, '84601', [mountain('Provo Canyon'), lake('Utah Lake State Park'), downtown('Center Street')]),
      city('Logan', 41.737, -111.834, '84321', [mountain('Logan Canyon'), trail('Green Canyon')]),
      city('Springdale', 37.189, -113, '84767', [mountain('Zion Canyon'), trail("Pa'rus Trail")]),
    ],
  },
  VT: {
    populationMillions: 0.65,
    places: [
      city('Burlington', 44.476, -73.212, '05401', [waterfront('Burlington Waterfront Park'), beach('North Beach'), downtown('Church Street Marketplace'), park('Island Line Trail')]),
      city('Stowe', 44.465, -72.685, '05672', [mountain('Stowe Mountain Resort'), park('Stowe Recreation Path')]),
      city('Woodstock', 43.624, -72.519, '05091', [trail('Marsh-Billings-Rockefeller National Historical Park'), downtown('Woodstock Village Green')]),
      city('Killington', 43.676, -72.78, '05751', [mountain('Killington Resort'), trail('Pine Hill Park')]),
      city('Montpelier', 44.26, -72.576, '05602', [downtown('Vermont State House'), trail('Hubbard Park')]),
      city('Manchester', 43.164, -73.072, '05254', [mountain('Bromley Mountain'), mountain('Equinox Preserve')]),
    ],
  },
  VA: {
    populationMillions: 8.7,
    places: [
      city('Richmond', 37.541, -77.436, '23219', [trail('James River Park System'), downtown('Monument Avenue'), park('Maymont'), lake('Pocahontas State Park')]),
      city('Virginia Beach', 36.853, -75.978, '23451', [beach('Virginia Beach Boardwalk'), trail('First Landing State Park')]),
      city('Charlottesville', 38.029, -78.477, '22902', [downtown('Downtown Mall'), trail('Ragged Mountain Natural Area'), mountain('Humpback Rocks')]),
      city('Roanoke', 37.271, -79.941, '24011', [mountain('Mill Mountain'), waterfront('Roanoke River Greenway'), lake('Carvins Cove Natural Reserve')]),
      city('Alexandria', 38.805, -77.047, '22314', [waterfront('Old Town Alexandria Waterfront'), park('Mount Vernon Trail')]),
      city('Harrisonburg', 38.449, -78.869, '22801', [mountain('Massanutten Resort'), park('Hillandale Park')]),
      city('Damascus', 36.635, -81.788, '24236', [park('Virginia Creeper Trail'), mountain('Mount Rogers')]),
    ],
  },
  WA: {
    populationMillions: 7.8,
    places: [
      city('Seattle', 47.606, -122.332, '98104', [lake('Green Lake'), beach('Alki Beach'), trail('Discovery Park'), lake('Seward Park'), waterfront('Seattle Waterfront')]),
      city('Spokane', 47.659, -117.426, '99201', [waterfront('Riverfront Park'), trail('Riverside State Park'), mountain('Mount Spokane')]),
      city('Leavenworth', 47.596, -120.661, '98826', [mountain('Icicle Ridge'), waterfront('Waterfront Park'), downtown('Front Street')]),
      city('Tacoma', 47.253, -122.444, '98402', [waterfront('Ruston Way'), trail('Point Defiance Park')]),
      city('Bellingham', 48.75, -122.479, '98225', [waterfront('Boulevard Park'), mountain('Galbraith Mountain'), lake('Lake Padden Park'), mountain('Chuckanut Mountain')]),
      city('Olympia', 47.038, -122.9, '98501', [waterfront('Percival Landing'), lake('Capitol Lake'), trail('Capitol State Forest')]),
      city('Winthrop', 48.478, -120.186, '98862', [trail('Methow Trails'), mountain('Sun Mountain')]),
    ],
  },
  WV: {
    populationMillions: 1.8,
    places: [
      city('Charleston', 38.35, -81.633, '25301', [waterfront('Kanawha Boulevard'), downtown('West Virginia State Capitol'), trail('Kanawha State Forest')]),
      city('Morgantown', 39.63, -79.956, '26505', [waterfront('Caperton Rail Trail'), trail('Coopers Rock State Forest'), lake('Cheat Lake')]),
      city('Fayetteville', 38.053, -81.104, '25840', [mountain('New River Gorge'), lake('Summersville Lake'), trail('Arrowhead Trails')]),
      city('Davis', 39.131, -79.466, '26260', [mountain('Canaan Valley Resort'), trail('Blackwater Falls State Park')]),
      city('Harpers Ferry', 39.325, -77.739, '25425', [trail('Harpers Ferry National Historical Park'), waterfront('Potomac Riverfront')]),
      city('Snowshoe', 38.41, -79.994, '26209', [mountain('Snowshoe Mountain Resort'), trail('Snowshoe Basin Trails')]),
      city('Huntington', 38.419, -82.445, '25701', [park('Ritter Park'), waterfront('Harris Riverfront Park')]),
    ],
  },
  WI: {
    populationMillions: 5.9,
    places: [
      city('Milwaukee', 43.039, -87.906, '53202', [waterfront('Veterans Park'), beach('Bradford Beach'), park('Lake Park'), downtown('Third Ward')]),
      city('Madison', 43.073, -89.401, '53703', [downtown('Capitol Square'), lake('Lake Monona'), lake('Lake Mendota'), trail('Cam-Rock Park')]),
      city('Green Bay', 44.519, -88.02, '54301', [fairground('Lambeau Field'), waterfront('Fox River Trail')]),
      city('Fish Creek', 45.128, -87.245, '54212', [trail('Peninsula State Park'), beach('Nicolet Beach')]),
      city('Hayward', 46.013, -91.485, '54843', [trail('Birkie Trail'), lake('Lake Hayward')]),
      city('La Crosse', 43.801, -91.24, '54601', [waterfront('Riverside Park'), mountain('Grandad Bluff'), trail('Hixon Forest')]),
      city('Baraboo', 43.471, -89.744, '53913', [lake("Devil's Lake State Park"), mountain("Devil's Lake East Bluff")]),
    ],
  },
  WY: {
    populationMillions: 0.58,
    places: [
      city('Jackson', 43.48, -110.762, '83001', [mountain('Snow King Mountain'), mountain('Jackson Hole Mountain Resort'), downtown('Town Square'), trail('Cache Creek')]),
      city('Cheyenne', 41.14, -104.82, '82001', [fairground('Frontier Park'), lake('Lions Park'), trail('Curt Gowdy State Park')]),
      city('Laramie', 41.311, -105.591, '82070', [mountain('Vedauwoo'), trail('Happy Jack Recreation Area'), downtown('First Street Plaza')]),
      city('Casper', 42.85, -106.325, '82601', [mountain('Casper Mountain'), waterfront('Platte River Trails'), lake('Alcova Reservoir')]),
      city('Sheridan', 44.797, -106.956, '82801', [mountain('Bighorn Mountains'), park('Kendrick Park')]),
      city('Cody', 44.526, -109.057, '82414', [downtown('Sheridan Avenue'), lake('Buffalo Bill Reservoir')]),
      city('Lander', 42.833, -108.731, '82520', [mountain('Sinks Canyon State Park'), park('Lander City Park')]),
    ],
  },
};

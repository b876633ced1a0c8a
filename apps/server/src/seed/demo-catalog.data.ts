/**
 * The demo company's catalog, as a seller of outdoor gear would have it: products over categories and
 * brands, each with its variants. Prices are the retail price in USD; `pop` is how well the product sells
 * (orders per day across its variants, roughly), so the demo's dashboard and forecasts have best sellers,
 * slow movers and a seasonal shape to find.
 */
export interface DemoProduct {
  name: string;
  code: string;
  category: string;
  brand: string;
  price: number;
  /** Variant axes: every combination is a SKU. */
  sizes?: string[];
  colors?: string[];
  weightKg: number;
  pop: number;
  /** Sells more in winter (w) or in summer (s). */
  season?: 'w' | 's';
}

export const DEMO_CATEGORIES: { name: string; parent?: string }[] = [
  { name: 'Apparel' },
  { name: 'Tops', parent: 'Apparel' },
  { name: 'Bottoms', parent: 'Apparel' },
  { name: 'Outerwear', parent: 'Apparel' },
  { name: 'Footwear' },
  { name: 'Camping' },
  { name: 'Packs & Bags' },
  { name: 'Accessories' },
];

export const DEMO_BRANDS = ['Summit Gear', 'Ridgeline', 'Trailhead Co.', 'Alpenglow', 'Basecamp'];

const APPAREL = ['S', 'M', 'L', 'XL'];
const SHOES = ['7', '8', '9', '10', '11', '12'];

export const DEMO_PRODUCTS: DemoProduct[] = [
  { name: 'Trail Tee', code: 'TEE', category: 'Tops', brand: 'Trailhead Co.', price: 24, sizes: APPAREL, colors: ['Navy', 'Sage', 'Rust'], weightKg: 0.2, pop: 6, season: 's' },
  { name: 'Merino Base Layer', code: 'MBL', category: 'Tops', brand: 'Alpenglow', price: 68, sizes: APPAREL, colors: ['Black', 'Heather'], weightKg: 0.25, pop: 3.5, season: 'w' },
  { name: 'Fleece Hoodie', code: 'FLH', category: 'Tops', brand: 'Summit Gear', price: 59, sizes: APPAREL, colors: ['Forest', 'Charcoal', 'Sand'], weightKg: 0.55, pop: 4, season: 'w' },
  { name: 'Flannel Shirt', code: 'FLN', category: 'Tops', brand: 'Ridgeline', price: 45, sizes: APPAREL, colors: ['Red Check', 'Blue Check'], weightKg: 0.4, pop: 2, season: 'w' },
  { name: 'Sun Hoodie', code: 'SUH', category: 'Tops', brand: 'Trailhead Co.', price: 49, sizes: APPAREL, colors: ['Sky', 'White'], weightKg: 0.22, pop: 2, season: 's' },
  { name: 'Hiking Pants', code: 'HKP', category: 'Bottoms', brand: 'Ridgeline', price: 79, sizes: APPAREL, colors: ['Khaki', 'Olive', 'Graphite'], weightKg: 0.45, pop: 3.5 },
  { name: 'Trail Shorts', code: 'TSH', category: 'Bottoms', brand: 'Trailhead Co.', price: 42, sizes: APPAREL, colors: ['Khaki', 'Black'], weightKg: 0.25, pop: 2.5, season: 's' },
  { name: 'Rain Pants', code: 'RNP', category: 'Bottoms', brand: 'Summit Gear', price: 89, sizes: APPAREL, colors: ['Black'], weightKg: 0.3, pop: 1.2 },
  { name: 'Rain Jacket', code: 'RNJ', category: 'Outerwear', brand: 'Summit Gear', price: 149, sizes: APPAREL, colors: ['Yellow', 'Navy', 'Black'], weightKg: 0.4, pop: 3 },
  { name: 'Down Jacket', code: 'DWJ', category: 'Outerwear', brand: 'Alpenglow', price: 229, sizes: APPAREL, colors: ['Black', 'Ember'], weightKg: 0.6, pop: 2.5, season: 'w' },
  { name: 'Softshell Vest', code: 'SSV', category: 'Outerwear', brand: 'Ridgeline', price: 95, sizes: APPAREL, colors: ['Slate'], weightKg: 0.35, pop: 0.8 },
  { name: 'Trail Runner', code: 'TRN', category: 'Footwear', brand: 'Trailhead Co.', price: 129, sizes: SHOES, colors: ['Grey', 'Blue'], weightKg: 0.9, pop: 3 },
  { name: 'Hiking Boot', code: 'HKB', category: 'Footwear', brand: 'Ridgeline', price: 179, sizes: SHOES, colors: ['Brown'], weightKg: 1.4, pop: 2 },
  { name: 'Camp Sandal', code: 'CSD', category: 'Footwear', brand: 'Basecamp', price: 55, sizes: SHOES, colors: ['Black'], weightKg: 0.6, pop: 1.2, season: 's' },
  { name: '2-Person Tent', code: 'TN2', category: 'Camping', brand: 'Basecamp', price: 299, colors: ['Green', 'Orange'], weightKg: 2.1, pop: 1.2, season: 's' },
  { name: '4-Person Tent', code: 'TN4', category: 'Camping', brand: 'Basecamp', price: 449, weightKg: 4.3, pop: 0.4, season: 's' },
  { name: 'Sleeping Bag 20°F', code: 'SB20', category: 'Camping', brand: 'Alpenglow', price: 189, sizes: ['Regular', 'Long'], weightKg: 1.3, pop: 1.5 },
  { name: 'Sleeping Pad', code: 'SPD', category: 'Camping', brand: 'Basecamp', price: 119, sizes: ['Regular', 'Wide'], weightKg: 0.6, pop: 1.4 },
  { name: 'Camp Stove', code: 'STV', category: 'Camping', brand: 'Summit Gear', price: 64, weightKg: 0.4, pop: 1.6 },
  { name: 'Water Filter', code: 'WFL', category: 'Camping', brand: 'Trailhead Co.', price: 39, weightKg: 0.1, pop: 2.2, season: 's' },
  { name: 'Trekking Poles', code: 'TKP', category: 'Camping', brand: 'Ridgeline', price: 89, colors: ['Black', 'Teal'], weightKg: 0.5, pop: 1.1 },
  { name: 'Camp Chair', code: 'CCH', category: 'Camping', brand: 'Basecamp', price: 79, colors: ['Grey', 'Red'], weightKg: 1.0, pop: 1.3, season: 's' },
  { name: 'Daypack 22L', code: 'DP22', category: 'Packs & Bags', brand: 'Summit Gear', price: 85, colors: ['Black', 'Moss', 'Coral'], weightKg: 0.7, pop: 2.4 },
  { name: 'Backpack 55L', code: 'BP55', category: 'Packs & Bags', brand: 'Summit Gear', price: 239, sizes: ['S/M', 'L/XL'], weightKg: 1.8, pop: 1 },
  { name: 'Dry Bag 10L', code: 'DRY', category: 'Packs & Bags', brand: 'Basecamp', price: 22, colors: ['Yellow', 'Blue'], weightKg: 0.15, pop: 1.5, season: 's' },
  { name: 'Duffel 60L', code: 'DF60', category: 'Packs & Bags', brand: 'Ridgeline', price: 129, colors: ['Black', 'Olive'], weightKg: 1.2, pop: 0.9 },
  { name: 'Wool Socks', code: 'SCK', category: 'Accessories', brand: 'Alpenglow', price: 18, sizes: ['S', 'M', 'L'], colors: ['Grey', 'Navy'], weightKg: 0.08, pop: 7, season: 'w' },
  { name: 'Beanie', code: 'BNE', category: 'Accessories', brand: 'Alpenglow', price: 28, colors: ['Black', 'Mustard', 'Forest'], weightKg: 0.1, pop: 3, season: 'w' },
  { name: 'Sun Hat', code: 'SHT', category: 'Accessories', brand: 'Trailhead Co.', price: 32, sizes: ['S/M', 'L/XL'], weightKg: 0.12, pop: 1.5, season: 's' },
  { name: 'Insulated Gloves', code: 'GLV', category: 'Accessories', brand: 'Summit Gear', price: 48, sizes: ['S', 'M', 'L'], weightKg: 0.15, pop: 1.8, season: 'w' },
  { name: 'Water Bottle 1L', code: 'WB1', category: 'Accessories', brand: 'Basecamp', price: 26, colors: ['Steel', 'Teal', 'Black'], weightKg: 0.35, pop: 4 },
  { name: 'Insulated Mug', code: 'MUG', category: 'Accessories', brand: 'Basecamp', price: 24, colors: ['Steel', 'Red'], weightKg: 0.3, pop: 1.6 },
  { name: 'Quarter-Zip Pullover', code: 'QZP', category: 'Tops', brand: 'Ridgeline', price: 65, sizes: APPAREL, colors: ['Navy', 'Oat', 'Pine'], weightKg: 0.4, pop: 2.2, season: 'w' },
  { name: 'Long-Sleeve Tech Tee', code: 'LST', category: 'Tops', brand: 'Trailhead Co.', price: 38, sizes: APPAREL, colors: ['Black', 'Cobalt'], weightKg: 0.2, pop: 1.8 },
  { name: 'Cargo Pants', code: 'CGP', category: 'Bottoms', brand: 'Basecamp', price: 69, sizes: APPAREL, colors: ['Tan', 'Black', 'Olive'], weightKg: 0.5, pop: 1.6 },
  { name: 'Thermal Leggings', code: 'THL', category: 'Bottoms', brand: 'Alpenglow', price: 58, sizes: APPAREL, colors: ['Black', 'Plum'], weightKg: 0.2, pop: 1.5, season: 'w' },
  { name: 'Puffer Vest', code: 'PFV', category: 'Outerwear', brand: 'Alpenglow', price: 119, sizes: APPAREL, colors: ['Black', 'Rust'], weightKg: 0.3, pop: 1.4, season: 'w' },
  { name: 'Windbreaker', code: 'WBK', category: 'Outerwear', brand: 'Trailhead Co.', price: 85, sizes: APPAREL, colors: ['Teal', 'Orange'], weightKg: 0.25, pop: 1.1, season: 's' },
  { name: 'Waterproof Hiking Shoe', code: 'WHS', category: 'Footwear', brand: 'Ridgeline', price: 149, sizes: SHOES, colors: ['Grey', 'Brown'], weightKg: 1.0, pop: 1.8 },
  { name: 'Camp Lantern', code: 'LNT', category: 'Camping', brand: 'Basecamp', price: 45, weightKg: 0.5, pop: 1.2 },
  { name: 'Cook Set', code: 'CKS', category: 'Camping', brand: 'Summit Gear', price: 55, sizes: ['1 person', '2 person'], weightKg: 0.6, pop: 1 },
  { name: 'Hammock', code: 'HMK', category: 'Camping', brand: 'Basecamp', price: 69, colors: ['Green', 'Blue', 'Grey'], weightKg: 0.7, pop: 1, season: 's' },
  { name: 'Hydration Pack 12L', code: 'HYD', category: 'Packs & Bags', brand: 'Trailhead Co.', price: 99, colors: ['Black', 'Red'], weightKg: 0.6, pop: 1.1, season: 's' },
  { name: 'Sling Bag', code: 'SLG', category: 'Packs & Bags', brand: 'Ridgeline', price: 39, colors: ['Black', 'Sand', 'Navy'], weightKg: 0.3, pop: 1.3 },
  { name: 'Neck Gaiter', code: 'NGT', category: 'Accessories', brand: 'Trailhead Co.', price: 19, colors: ['Black', 'Camo', 'Teal', 'Red'], weightKg: 0.05, pop: 1.6 },
  { name: 'Liner Socks', code: 'LSK', category: 'Accessories', brand: 'Alpenglow', price: 14, sizes: ['S', 'M', 'L'], colors: ['Black', 'White'], weightKg: 0.05, pop: 1.4 },
  { name: 'Bandana', code: 'BND', category: 'Accessories', brand: 'Trailhead Co.', price: 12, colors: ['Red', 'Blue', 'Paisley'], weightKg: 0.03, pop: 1.2 },
];

/** The headlamp is bought from two makers and sold as one item: a synset of their two SKUs. */
export const DEMO_SYNSET = {
  sku: 'HLP-300', name: 'Headlamp 300 lm', price: 35, weightKg: 0.09, pop: 2.5,
  members: [{ sku: 'HLP-300-A', name: 'Headlamp 300 lm (maker A)' }, { sku: 'HLP-300-B', name: 'Headlamp 300 lm (maker B)' }],
};

export const FIRST_NAMES = ['Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Lucas', 'Olivia', 'Mateo', 'Sofia', 'Ethan', 'Chloe', 'Leo', 'Grace', 'Owen',
  'Zoe', 'Jack', 'Lily', 'Henry', 'Nora', 'Sam', 'Priya', 'Diego', 'Hana', 'Omar', 'Ingrid', 'Luca', 'Amara', 'Kenji', 'Elena', 'Tomás'];
export const LAST_NAMES = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Miller', 'Davis', 'Wilson', 'Moore', 'Clark', 'Lewis',
  'Walker', 'Young', 'King', 'Scott', 'Green', 'Baker', 'Hill', 'Adams', 'Patel', 'Müller', 'Rossi', 'Tanaka', 'Kowalski', 'Silva'];

/** Where buyers live: country, weight (share of buyers) and a few places of it (city, state, zip). */
export const DEMO_PLACES: { country: string; weight: number; places: [string, string, string][] }[] = [
  { country: 'US', weight: 70, places: [
    ['Austin', 'TX', '78701'], ['Denver', 'CO', '80202'], ['Portland', 'OR', '97201'], ['Chicago', 'IL', '60601'], ['Boston', 'MA', '02108'],
    ['Seattle', 'WA', '98101'], ['Miami', 'FL', '33101'], ['Phoenix', 'AZ', '85004'], ['Atlanta', 'GA', '30303'], ['Salt Lake City', 'UT', '84101'],
    ['Minneapolis', 'MN', '55401'], ['Brooklyn', 'NY', '11201'], ['San Diego', 'CA', '92101'], ['Boise', 'ID', '83702'], ['Asheville', 'NC', '28801'],
  ] },
  { country: 'CA', weight: 9, places: [['Vancouver', 'BC', 'V6B 1A1'], ['Toronto', 'ON', 'M5V 2T6'], ['Calgary', 'AB', 'T2P 1J9'], ['Montréal', 'QC', 'H2Y 1C6']] },
  { country: 'GB', weight: 7, places: [['London', '', 'EC1A 1BB'], ['Manchester', '', 'M1 1AE'], ['Edinburgh', '', 'EH1 1YZ']] },
  { country: 'MX', weight: 5, places: [['Ciudad de México', 'CDMX', '06600'], ['Guadalajara', 'JAL', '44100'], ['Monterrey', 'NL', '64000']] },
  { country: 'DE', weight: 4, places: [['Berlin', '', '10115'], ['München', '', '80331'], ['Hamburg', '', '20095']] },
  { country: 'ES', weight: 3, places: [['Madrid', '', '28013'], ['Barcelona', '', '08002'], ['Valencia', '', '46002']] },
  { country: 'AU', weight: 2, places: [['Sydney', 'NSW', '2000'], ['Melbourne', 'VIC', '3000']] },
];

export const STREETS = ['Congress Ave', 'Pine St', 'Maple Ave', 'Oak Dr', 'Cedar Ln', 'Lakeview Rd', 'Summit Way', 'River Rd', 'Elm St', 'Park Blvd'];

/** Channels the demo sells on, with their share of orders and the shape of their order ids. */
export const DEMO_CHANNELS: { channel: string; weight: number; externalId: (n: number) => string }[] = [
  { channel: 'shopify', weight: 45, externalId: (n) => String(5_100_000_000 + n * 7) },
  { channel: 'amazon', weight: 25, externalId: (n) => `113-${String(1_000_000 + n * 13).slice(0, 7)}-${String(4_000_000 + n * 31).slice(0, 7)}` },
  { channel: 'ebay', weight: 10, externalId: (n) => `24-1${String(10_000 + n).padStart(5, '0')}-${String(30_000 + n * 3).slice(0, 5)}` },
  { channel: 'woocommerce', weight: 10, externalId: (n) => String(20_000 + n) },
  { channel: 'manual', weight: 10, externalId: () => '' },
];

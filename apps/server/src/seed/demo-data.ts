import { CATEGORIES, LISTING_STATES, LISTING_TYPES, type SeedLot } from '@gardenswap/shared';
import type { Picture } from './draw-produce.js';

/**
 * The demo neighbourhood: gardeners around Salt Lake City, what they grow, who knows whom,
 * what they are after and what they have been talking about. Times are relative to the
 * moment of seeding, so the demo always looks recent.
 */

/** The one password of every demo account, printed by the seed command. */
export const DEMO_PASSWORD = 'gardenswap-demo';
export const DEMO_EMAIL_DOMAIN = 'demo.gardenswap.example';

export interface DemoMember {
  username: string;
  first_name: string;
  last_name: string;
  city: string;
  zip_code: string;
  /** Hue of the profile picture's disc; undefined = no profile picture. */
  avatarHue?: number;
  joinedDaysAgo: number;
}

const STATE = 'UT';
export const demoState = STATE;

export const MEMBERS: DemoMember[] = [
  {
    username: 'maria_sugarhouse',
    first_name: 'Maria',
    last_name: 'Alvarez',
    city: 'Salt Lake City',
    zip_code: '84105',
    avatarHue: 12,
    joinedDaysAgo: 60,
  },
  {
    username: 'dev_grows_herbs',
    first_name: 'Dev',
    last_name: 'Patel',
    city: 'Salt Lake City',
    zip_code: '84102',
    avatarHue: 140,
    joinedDaysAgo: 55,
  },
  {
    username: 'hannah_seeds',
    first_name: 'Hannah',
    last_name: 'Olsen',
    city: 'Salt Lake City',
    zip_code: '84103',
    avatarHue: 280,
    joinedDaysAgo: 52,
  },
  {
    username: 'tom_in_holladay',
    first_name: 'Tom',
    last_name: 'Becker',
    city: 'Holladay',
    zip_code: '84117',
    avatarHue: 30,
    joinedDaysAgo: 50,
  },
  {
    username: 'grace_greenhouse',
    first_name: 'Grace',
    last_name: 'Kim',
    city: 'Salt Lake City',
    zip_code: '84108',
    avatarHue: 170,
    joinedDaysAgo: 47,
  },
  {
    username: 'luis_chiles',
    first_name: 'Luis',
    last_name: 'Romero',
    city: 'South Salt Lake',
    zip_code: '84115',
    avatarHue: 355,
    joinedDaysAgo: 44,
  },
  {
    username: 'priya_plots',
    first_name: 'Priya',
    last_name: 'Nair',
    city: 'Salt Lake City',
    zip_code: '84106',
    avatarHue: 95,
    joinedDaysAgo: 40,
  },
  {
    username: 'sam_berries',
    first_name: 'Sam',
    last_name: 'Whitaker',
    city: 'Holladay',
    zip_code: '84124',
    avatarHue: 330,
    joinedDaysAgo: 36,
  },
  {
    username: 'aisha_balcony',
    first_name: 'Aisha',
    last_name: 'Mohammed',
    city: 'Salt Lake City',
    zip_code: '84101',
    avatarHue: 200,
    joinedDaysAgo: 30,
  },
  {
    username: 'ben_digs',
    first_name: 'Ben',
    last_name: 'Larsen',
    city: 'Cottonwood Heights',
    zip_code: '84121',
    avatarHue: 45,
    joinedDaysAgo: 26,
  },
  {
    username: 'rosa_millcreek',
    first_name: 'Rosa',
    last_name: 'Nguyen',
    city: 'Millcreek',
    zip_code: '84109',
    avatarHue: 250,
    joinedDaysAgo: 21,
  },
  // One member without a profile picture, as many real members are.
  {
    username: 'ellie_pollinators',
    first_name: 'Ellie',
    last_name: 'Jensen',
    city: 'Salt Lake City',
    zip_code: '84104',
    joinedDaysAgo: 14,
  },
];

export const emailOf = (member: Pick<DemoMember, 'first_name'>) =>
  `${member.first_name.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`;

/** A member's username; the seed checks every reference against MEMBERS. */
type Username = string;

export interface DemoFriendship {
  requester: Username;
  addressee: Username;
  status: 'accepted' | 'pending';
  daysAgo: number;
}

const accepted = (requester: Username, addressee: Username, daysAgo: number): DemoFriendship => ({
  requester,
  addressee,
  status: 'accepted',
  daysAgo,
});
const pending = (requester: Username, addressee: Username, daysAgo: number): DemoFriendship => ({
  requester,
  addressee,
  status: 'pending',
  daysAgo,
});

export const FRIENDSHIPS: DemoFriendship[] = [
  accepted('maria_sugarhouse', 'hannah_seeds', 45),
  accepted('tom_in_holladay', 'maria_sugarhouse', 42),
  accepted('maria_sugarhouse', 'priya_plots', 38),
  accepted('dev_grows_herbs', 'maria_sugarhouse', 35),
  accepted('luis_chiles', 'maria_sugarhouse', 30),
  accepted('hannah_seeds', 'ellie_pollinators', 12),
  accepted('tom_in_holladay', 'sam_berries', 33),
  accepted('ben_digs', 'tom_in_holladay', 24),
  accepted('priya_plots', 'rosa_millcreek', 19),
  accepted('dev_grows_herbs', 'priya_plots', 37),
  accepted('grace_greenhouse', 'aisha_balcony', 28),
  accepted('luis_chiles', 'ben_digs', 22),
  accepted('sam_berries', 'ben_digs', 20),
  accepted('rosa_millcreek', 'aisha_balcony', 15),
  accepted('ellie_pollinators', 'grace_greenhouse', 10),
  accepted('grace_greenhouse', 'dev_grows_herbs', 40),
  // Maria has one request waiting for her answer and one waiting on Ben.
  pending('aisha_balcony', 'maria_sugarhouse', 2),
  pending('maria_sugarhouse', 'ben_digs', 3),
  pending('luis_chiles', 'ellie_pollinators', 1),
];

export interface DemoListing {
  owner: Username;
  title: string;
  description: string;
  category_id: number;
  type_id: number;
  /** Whole dollars; only sell listings have one. */
  price?: number;
  picture: Picture;
  friendsOnly?: boolean;
  paused?: boolean;
  state_id?: number;
  daysAgo: number;
  /** A seed lot's details; the year packed as years before the day the demo is seeded. */
  seedLot?: Partial<Omit<SeedLot, 'packed_year'>> & { packedYearsAgo?: number };
}

const { produce, seeds, plants } = CATEGORIES;
const { sell, exchange, giveaway } = LISTING_TYPES;
const P = (subject: Extract<Picture, { kind: 'produce' }>['subject']): Picture => ({ kind: 'produce', subject });
const packet = (
  subject: Extract<Picture, { kind: 'packet' }>['subject'],
  label: string,
  band: string,
  seed: Extract<Picture, { kind: 'packet' }>['seed'],
): Picture => ({ kind: 'packet', subject, label, band, seed });
const pot = (plant: Extract<Picture, { kind: 'pot' }>['plant']): Picture => ({ kind: 'pot', plant });

export const LISTINGS: DemoListing[] = [
  // ——— produce ———
  {
    owner: 'maria_sugarhouse',
    title: 'Heirloom tomatoes: Cherokee Purple and Brandywine',
    description:
      'About 2 lb per bag, picked this week from raised beds off 1700 South. No sprays. A few have cracked shoulders from the last rain; cut those bits off and they are perfect for sauce. Porch pickup in Sugar House.',
    category_id: produce,
    type_id: sell,
    price: 6,
    picture: P('tomatoes'),
    daysAgo: 1,
  },
  {
    owner: 'maria_sugarhouse',
    title: 'Sungold cherry tomatoes, pint baskets',
    description: 'Sweet orange cherry tomatoes, a pint per basket. Please bring the basket back next time if you can.',
    category_id: produce,
    type_id: sell,
    price: 3,
    picture: P('cherry-tomatoes'),
    daysAgo: 4,
  },
  {
    owner: 'maria_sugarhouse',
    title: 'Bell peppers, mixed colours',
    description:
      'Red, yellow and orange bells plus a few green ones. Smaller than store peppers but thick-walled. Happy to trade for herbs or garlic.',
    category_id: produce,
    type_id: exchange,
    picture: P('bell-peppers'),
    state_id: LISTING_STATES.reserved,
    daysAgo: 6,
  },
  {
    owner: 'tom_in_holladay',
    title: 'Pie pumpkins (Small Sugar)',
    description:
      'Small Sugar pumpkins, 4 to 6 lb each, cured two weeks in the garage. Great for pie and soup. A couple of white ones too.',
    category_id: produce,
    type_id: sell,
    price: 4,
    picture: P('pumpkins'),
    paused: true,
    daysAgo: 20,
  },
  {
    owner: 'tom_in_holladay',
    title: 'Zucchini, more than we can eat',
    description:
      'Three plants is too many, every year. Medium and large zucchini, free to anyone who will use them. Bread-sized ones available on request.',
    category_id: produce,
    type_id: giveaway,
    picture: P('zucchini'),
    daysAgo: 2,
  },
  {
    owner: 'tom_in_holladay',
    title: 'Windfall apples for sauce or cider',
    description:
      'Honeycrisp and an old red variety from the backyard tree. Windfalls, so expect bruises and the odd codling moth hole. Bring a bag and take what you like.',
    category_id: produce,
    type_id: giveaway,
    picture: P('apples'),
    daysAgo: 9,
  },
  {
    owner: 'priya_plots',
    title: 'Rainbow chard bunches',
    description:
      'Big bunches from my community garden plot in Sugar House. Looking for basil, cilantro or anything from your garden in return.',
    category_id: produce,
    type_id: exchange,
    picture: P('chard'),
    daysAgo: 3,
  },
  {
    owner: 'priya_plots',
    title: 'Salad mix, cut this morning',
    description:
      'Mixed lettuces, red oak leaf and a little arugula. Washed once; give it another rinse at home. About 8 oz a bag.',
    category_id: produce,
    type_id: sell,
    price: 3,
    picture: P('salad'),
    daysAgo: 0,
  },
  {
    owner: 'luis_chiles',
    title: 'Hatch-style green chiles',
    description:
      'Big Jim and Sandia from seed I bring back from New Mexico. Roasting quality, about 3 lb a bag. A few red ones sneak in at this point in the season.',
    category_id: produce,
    type_id: sell,
    price: 8,
    picture: P('chiles'),
    daysAgo: 2,
  },
  {
    owner: 'luis_chiles',
    title: 'Sweet corn, a dozen ears',
    description:
      'Bodacious sweet corn, picked the morning you come. The last block of the year, so the ears at the end of the rows are smaller.',
    category_id: produce,
    type_id: exchange,
    picture: P('corn'),
    friendsOnly: true,
    daysAgo: 7,
  },
  {
    owner: 'sam_berries',
    title: 'Everbearing strawberries',
    description:
      'Small but very sweet, a pint at a time as they ripen. Message me and I will put a box aside; they do not keep, so same-day pickup please.',
    category_id: produce,
    type_id: sell,
    price: 5,
    picture: P('strawberries'),
    friendsOnly: true,
    daysAgo: 5,
  },
  {
    owner: 'sam_berries',
    title: 'Rhubarb stalks',
    description:
      'The patch needs dividing anyway. Stalks only (the leaves are not edible). Enough for a couple of pies per bundle.',
    category_id: produce,
    type_id: giveaway,
    picture: P('rhubarb'),
    daysAgo: 13,
  },
  {
    owner: 'ben_digs',
    title: 'Yukon Gold potatoes, 5 lb bags',
    description:
      'Dug last weekend and dried on the porch. Some have scabby skins but they are fine inside. Not washed, so they keep longer.',
    category_id: produce,
    type_id: sell,
    price: 5,
    picture: P('potatoes'),
    daysAgo: 8,
  },
  {
    owner: 'ben_digs',
    title: 'Hardneck garlic (Music)',
    description:
      'Cured since July. Big easy-peel cloves. I would love to swap for a different variety to plant this fall.',
    category_id: produce,
    type_id: exchange,
    picture: P('garlic'),
    daysAgo: 11,
  },
  {
    owner: 'rosa_millcreek',
    title: 'Bok choy, young heads',
    description: 'Fall sowing, very tender. Trade for herbs, eggs from your hens, or whatever you have too much of.',
    category_id: produce,
    type_id: exchange,
    picture: P('bok-choy'),
    daysAgo: 1,
  },
  {
    owner: 'aisha_balcony',
    title: 'Cucumbers from the balcony',
    description:
      'Two container plants on a south-facing balcony downtown and they will not stop. Slicing cucumbers; a few got a bit big and seedy.',
    category_id: produce,
    type_id: giveaway,
    picture: P('cucumbers'),
    daysAgo: 4,
  },
  {
    owner: 'hannah_seeds',
    title: 'Dragon Tongue bush beans',
    description: 'Flat yellow pods with purple streaks; the streaks fade when cooked. About a pound per bag.',
    category_id: produce,
    type_id: sell,
    price: 4,
    picture: P('beans'),
    daysAgo: 6,
  },
  {
    owner: 'dev_grows_herbs',
    title: 'Carrots: Danvers and Purple Haze',
    description:
      'Heavy clay here, so a few are forked or stubby, but they taste great. Greens left on if you want them for pesto.',
    category_id: produce,
    type_id: exchange,
    picture: P('carrots'),
    daysAgo: 10,
  },
  {
    owner: 'grace_greenhouse',
    title: 'Butterhead lettuce',
    description:
      'Grown in my little greenhouse on the east bench. One head each, roots on so it stays fresh for a week in the fridge.',
    category_id: produce,
    type_id: sell,
    price: 2,
    picture: P('lettuce'),
    daysAgo: 3,
  },

  // ——— seeds ———
  {
    owner: 'hannah_seeds',
    title: 'Cherokee Trail of Tears pole beans (saved seed)',
    description:
      'Saved from my own plants for five years, grown isolated. About 40 seeds per packet. Black seeds, green pods that turn purple. Trades welcome, especially other heirloom beans.',
    category_id: seeds,
    type_id: exchange,
    picture: packet('beans', 'Trail of Tears Beans', '#5b2c6f', 'bean'),
    daysAgo: 15,
    seedLot: {
      variety: 'Cherokee Trail of Tears',
      packedYearsAgo: 0,
      pollination: 'heirloom',
      quantity: 'about 40 seeds',
      can_mail: true,
    },
  },
  {
    owner: 'hannah_seeds',
    title: 'Heirloom tomato seed sampler (6 varieties)',
    description:
      'Cherokee Purple, Brandywine, Sungold (F2, so expect variety), Amish Paste, Green Zebra and Black Krim. Fermented and dried this August. 15 to 20 seeds of each.',
    category_id: seeds,
    type_id: sell,
    price: 5,
    picture: packet('tomatoes', 'Heirloom Tomato Sampler', '#c0392b', 'tiny'),
    daysAgo: 12,
    seedLot: {
      packedYearsAgo: 0,
      pollination: 'heirloom',
      organic: true,
      quantity: '15 to 20 seeds of each',
      can_mail: true,
    },
  },
  {
    owner: 'ellie_pollinators',
    title: 'Zinnia and cosmos seed mix for pollinators',
    description: 'Collected from my front-yard strip in Glendale. Mixed colours. Easy to grow, the bees love them.',
    category_id: seeds,
    type_id: giveaway,
    picture: packet('zinnias', 'Zinnias & Cosmos', '#8e44ad', 'tiny'),
    daysAgo: 5,
  },
  {
    owner: 'ellie_pollinators',
    title: 'Mammoth Russian sunflower seeds',
    description: 'From a 10-foot plant. The heads were huge, though birds got part of one. Plenty to share.',
    category_id: seeds,
    type_id: giveaway,
    picture: packet('sunflower', 'Mammoth Sunflower', '#d68910', 'striped'),
    daysAgo: 8,
    seedLot: { variety: 'Mammoth Russian', packedYearsAgo: 0, pollination: 'unknown' },
  },
  {
    owner: 'luis_chiles',
    title: 'Chile seed mix: Anaheim, jalapeño, poblano',
    description:
      'Open-pollinated but grown near each other, so there may be some crossing. Start indoors in March. Would trade for any unusual pepper seed.',
    category_id: seeds,
    type_id: exchange,
    picture: packet('chiles', 'Chile Seed Mix', '#b03a2e', 'flat'),
    daysAgo: 16,
    seedLot: {
      variety: 'Anaheim, jalapeño, poblano',
      packedYearsAgo: 3,
      pollination: 'open_pollinated',
      can_mail: false,
    },
  },
  {
    owner: 'tom_in_holladay',
    title: 'Howden pumpkin seeds',
    description:
      "The classic carving pumpkin. Seeds cleaned and dried from this year's biggest one, about 30 per packet.",
    category_id: seeds,
    type_id: exchange,
    picture: packet('pumpkins', 'Howden Pumpkin', '#e67e22', 'flat'),
    daysAgo: 18,
    seedLot: { variety: 'Howden', packedYearsAgo: 0, pollination: 'open_pollinated', quantity: 'about 30 seeds' },
  },
  {
    owner: 'dev_grows_herbs',
    title: 'Genovese basil seeds',
    description: 'Let two plants go to seed this summer. Germination tested: 9 of 10 sprouted on a wet paper towel.',
    category_id: seeds,
    type_id: sell,
    price: 2,
    picture: packet('basil', 'Genovese Basil', '#2e7d32', 'tiny'),
    daysAgo: 14,
    seedLot: { variety: 'Genovese', packedYearsAgo: 0, pollination: 'open_pollinated', organic: true, can_mail: true },
  },
  {
    owner: 'rosa_millcreek',
    title: 'Shiso seeds, red and green',
    description:
      'Self-sows happily, so you will only ever need one packet. Needs light to germinate; press into the soil, do not cover.',
    category_id: seeds,
    type_id: exchange,
    picture: packet('shiso', 'Red & Green Shiso', '#6a1b9a', 'tiny'),
    daysAgo: 9,
  },
  {
    owner: 'priya_plots',
    title: 'Black Seeded Simpson lettuce seed',
    description: 'Fast, forgiving loose-leaf lettuce. Good for a fall sowing right now. Free, just message me.',
    category_id: seeds,
    type_id: giveaway,
    picture: packet('lettuce', 'Black Seeded Simpson', '#388e3c', 'tiny'),
    daysAgo: 6,
    seedLot: {
      variety: 'Black Seeded Simpson',
      packedYearsAgo: 1,
      pollination: 'open_pollinated',
      quantity: '1 packet',
      can_mail: true,
    },
  },
  {
    owner: 'ben_digs',
    title: 'Scarlet Nantes carrot seed',
    description: 'Leftover from a bulk packet bought last year, stored cool and dry. Should still be good for spring.',
    category_id: seeds,
    type_id: sell,
    price: 2,
    picture: packet('carrots', 'Scarlet Nantes Carrot', '#e65100', 'tiny'),
    friendsOnly: true,
    daysAgo: 17,
    seedLot: {
      variety: 'Scarlet Nantes',
      packedYearsAgo: 1,
      pollination: 'open_pollinated',
      quantity: 'half a packet',
    },
  },
  {
    owner: 'grace_greenhouse',
    title: 'Showy milkweed seeds (native)',
    description:
      'Asclepias speciosa, native to Utah and food for monarch caterpillars. Needs cold stratification: sow outside in late fall or keep in the fridge for a month.',
    category_id: seeds,
    type_id: giveaway,
    picture: packet('milkweed', 'Showy Milkweed', '#ad1457', 'flat'),
    daysAgo: 11,
  },

  // ——— plants ———
  {
    owner: 'grace_greenhouse',
    title: 'Rooted pothos cuttings',
    description: 'Golden pothos, rooted in water and potted up two weeks ago in a 4-inch pot. Very hard to kill.',
    category_id: plants,
    type_id: sell,
    price: 8,
    picture: pot('pothos'),
    daysAgo: 5,
  },
  {
    owner: 'grace_greenhouse',
    title: 'Jade plant in a 6-inch terracotta pot',
    description:
      "About five years old, started from a cutting of my grandmother's plant. Leaning a little towards the window; it straightens up if you turn it.",
    category_id: plants,
    type_id: sell,
    price: 15,
    picture: pot('jade'),
    daysAgo: 12,
  },
  {
    owner: 'grace_greenhouse',
    title: 'Snake plant pups',
    description: 'Divided from an overgrown pot. Each has its own roots. Trade for any houseplant I do not have yet.',
    category_id: plants,
    type_id: exchange,
    picture: pot('snake-plant'),
    friendsOnly: true,
    daysAgo: 7,
  },
  {
    owner: 'dev_grows_herbs',
    title: 'Basil starts',
    description:
      'Genovese basil in 3-inch pots, about 6 inches tall. It is late in the season, so they are best kept on a sunny windowsill now.',
    category_id: plants,
    type_id: sell,
    price: 3,
    picture: pot('basil'),
    daysAgo: 3,
  },
  {
    owner: 'maria_sugarhouse',
    title: 'Tomato starts for a fall greenhouse',
    description:
      'Leftover Sungold and Early Girl starts, a bit leggy. Only worth it if you have a greenhouse or cold frame at this time of year.',
    category_id: plants,
    type_id: sell,
    price: 2,
    picture: pot('tomato-start'),
    friendsOnly: true,
    daysAgo: 19,
  },
  {
    owner: 'luis_chiles',
    title: 'Pepper seedlings to overwinter',
    description:
      'Jalapeño and poblano seedlings in a tray of 18. Fine indoors under a light until spring. Trade for anything.',
    category_id: plants,
    type_id: exchange,
    picture: { kind: 'tray', plant: 'pepper' },
    daysAgo: 13,
  },
  {
    owner: 'ellie_pollinators',
    title: 'Munstead lavender divisions',
    description:
      'Divided from established plants. Drought tolerant and the bees adore it. Plant now so they settle in before winter.',
    category_id: plants,
    type_id: sell,
    price: 6,
    picture: pot('lavender'),
    daysAgo: 4,
  },
  {
    owner: 'ellie_pollinators',
    title: 'Purple coneflower (Echinacea) plants',
    description: 'Second-year plants, already flowered once. Would swap for other native perennials.',
    category_id: plants,
    type_id: exchange,
    picture: pot('coneflower'),
    daysAgo: 2,
  },
  {
    owner: 'sam_berries',
    title: 'Raspberry canes',
    description:
      'Heritage everbearing, dug from where they escaped into the lawn. Bare-root in a bag of soil; plant within a few days.',
    category_id: plants,
    type_id: giveaway,
    picture: pot('raspberry'),
    daysAgo: 10,
  },
  {
    owner: 'rosa_millcreek',
    title: 'Lemongrass divisions',
    description:
      'Grown from grocery store stalks two summers ago. It will not survive our winters outside, so keep it in a pot indoors.',
    category_id: plants,
    type_id: exchange,
    picture: pot('lemongrass'),
    daysAgo: 6,
  },
  {
    owner: 'aisha_balcony',
    title: 'Mint in a pot (it spreads, you have been warned)',
    description:
      'Spearmint, repotted from a container it had outgrown. Keep it in its pot unless you want a mint lawn.',
    category_id: plants,
    type_id: giveaway,
    picture: pot('mint'),
    daysAgo: 1,
  },
  {
    owner: 'ben_digs',
    title: 'Strawberry runners',
    description: 'Rooted runners from my everbearing bed, potted up. A couple still have the odd berry on them.',
    category_id: plants,
    type_id: giveaway,
    picture: pot('strawberry'),
    daysAgo: 15,
  },
  {
    owner: 'priya_plots',
    title: 'Kale seedlings, a tray of 18',
    description: 'Lacinato kale for a fall and winter crop. Sown too many again. Free to a good garden.',
    category_id: plants,
    type_id: giveaway,
    picture: { kind: 'tray', plant: 'kale' },
    daysAgo: 8,
  },
];

export interface DemoWant {
  owner: Username;
  title: string;
  category_id: number;
}

const wants = (owner: Username, items: [number, string][]): DemoWant[] =>
  items.map(([category_id, title]) => ({ owner, title, category_id }));

export const WANTS: DemoWant[] = [
  ...wants('maria_sugarhouse', [
    [produce, 'Fresh basil'],
    [produce, 'Garlic for canning'],
    [seeds, 'Paste tomato seeds'],
    [plants, 'Thornless blackberry'],
  ]),
  ...wants('dev_grows_herbs', [
    [produce, 'Tomatoes for sauce'],
    [seeds, 'Thai basil seeds'],
    [seeds, 'Cilantro seeds'],
    [plants, 'Rosemary'],
  ]),
  ...wants('hannah_seeds', [
    [seeds, 'Scarlet runner beans'],
    [seeds, 'Hopi blue corn'],
    [seeds, 'Any heirloom squash seed'],
    [plants, 'Rhubarb crown'],
  ]),
  ...wants('tom_in_holladay', [
    [produce, 'Chiles for roasting'],
    [seeds, 'Giant pumpkin seeds'],
  ]),
  ...wants('grace_greenhouse', [
    [plants, 'String of pearls'],
    [plants, 'Monstera cutting'],
    [plants, 'Hoya'],
    [seeds, 'Native penstemon seeds'],
  ]),
  ...wants('luis_chiles', [
    [seeds, 'Aji amarillo seeds'],
    [seeds, 'Habanero seeds'],
    [produce, 'Tomatillos'],
  ]),
  ...wants('priya_plots', [
    [produce, 'Fresh basil'],
    [produce, 'Cilantro'],
    [plants, 'Curry leaf plant'],
  ]),
  ...wants('sam_berries', [
    [plants, 'Blueberry bushes'],
    [produce, 'Apples for cider'],
  ]),
  ...wants('aisha_balcony', [
    [plants, 'Pothos cutting'],
    [plants, 'Cherry tomato start'],
    [seeds, 'Dwarf sunflower seeds'],
  ]),
  ...wants('ben_digs', [
    [seeds, 'Garlic to plant (any variety)'],
    [produce, 'Pie pumpkins'],
  ]),
  ...wants('rosa_millcreek', [
    [produce, 'Thai chiles'],
    [seeds, 'Daikon radish seeds'],
    [plants, 'Vietnamese coriander'],
  ]),
  ...wants('ellie_pollinators', [
    [seeds, 'Milkweed seeds'],
    [plants, 'Native bee balm'],
    [plants, 'Penstemon'],
  ]),
];

export interface DemoConversation {
  between: [Username, Username];
  /** Oldest first; `from` is 0 or 1 (who in `between` wrote it). */
  messages: { from: 0 | 1; text: string; minutesAgo: number }[];
  /** How many of the last messages the receiver has not read yet. */
  unread: number;
}

const hours = (n: number) => n * 60;
const days = (n: number) => n * 24 * 60;

export const CONVERSATIONS: DemoConversation[] = [
  {
    between: ['tom_in_holladay', 'maria_sugarhouse'],
    messages: [
      {
        from: 0,
        text: 'Hi Maria! Would you trade a bag of your heirloom tomatoes for zucchini? I have far too many.',
        minutesAgo: days(1) + hours(5),
      },
      {
        from: 1,
        text: 'Ha, everyone has too much zucchini this year. Yes please, two or three would be great.',
        minutesAgo: days(1) + hours(3),
      },
      { from: 0, text: 'Deal. Could I come by Thursday after work, around 6?', minutesAgo: days(1) + hours(2) },
      {
        from: 1,
        text: 'Thursday at 6 works. The bag will be on the porch bench if I am still at the plot.',
        minutesAgo: hours(20),
      },
      { from: 0, text: 'Perfect, thanks! I will bring a couple of apples too.', minutesAgo: hours(3) },
    ],
    unread: 1,
  },
  {
    between: ['hannah_seeds', 'maria_sugarhouse'],
    messages: [
      {
        from: 1,
        text: 'Are the Trail of Tears beans still available? I would love to try them next spring.',
        minutesAgo: days(6),
      },
      {
        from: 0,
        text: 'They are! Do you have any paste tomato seed? Otherwise just take them.',
        minutesAgo: days(6) - hours(2),
      },
      {
        from: 1,
        text: 'I saved some Amish Paste last year. I will put a packet in your mailbox this week.',
        minutesAgo: days(5),
      },
      { from: 0, text: 'Lovely. Your beans are in an envelope by my front door.', minutesAgo: days(5) - hours(4) },
    ],
    unread: 0,
  },
  {
    between: ['dev_grows_herbs', 'priya_plots'],
    messages: [
      { from: 1, text: 'Hi Dev, would you swap a couple of basil starts for a bunch of chard?', minutesAgo: days(2) },
      { from: 0, text: 'Happily. Two starts for one bunch sounds fair.', minutesAgo: days(2) - hours(1) },
      {
        from: 1,
        text: 'Great, I am at the community garden Saturday morning if that is easy for you.',
        minutesAgo: days(1),
      },
      {
        from: 0,
        text: 'See you Saturday around 10. I will bring them in a box so they do not tip over.',
        minutesAgo: hours(9),
      },
    ],
    unread: 1,
  },
  {
    between: ['aisha_balcony', 'grace_greenhouse'],
    messages: [
      {
        from: 0,
        text: 'Hi Grace, is the pothos still for sale? My balcony needs something green for the winter.',
        minutesAgo: days(3),
      },
      {
        from: 1,
        text: 'Yes! It does well in low light too, so it will be happy inside.',
        minutesAgo: days(3) - hours(1),
      },
      { from: 0, text: 'Great. I could pick it up Sunday. Do you take Venmo, or cash?', minutesAgo: hours(30) },
      { from: 0, text: 'Also, could I have a cutting of your snake plant at some point?', minutesAgo: hours(29) },
      { from: 0, text: 'No rush on either, whenever suits you.', minutesAgo: hours(7) },
    ],
    unread: 3,
  },
  {
    between: ['luis_chiles', 'maria_sugarhouse'],
    messages: [
      { from: 0, text: 'Maria, I saved you some poblano seed from the good plant you liked.', minutesAgo: days(4) },
      {
        from: 1,
        text: 'You remembered! Thank you. Do you want some of my Sungolds in return?',
        minutesAgo: days(3) + hours(20),
      },
      {
        from: 0,
        text: 'Always. I am roasting chiles Saturday if you want to come by and smell it.',
        minutesAgo: hours(26),
      },
    ],
    unread: 1,
  },
  {
    between: ['sam_berries', 'ben_digs'],
    messages: [
      { from: 1, text: 'Any raspberry canes left? I have a fence line that needs them.', minutesAgo: days(9) },
      {
        from: 0,
        text: 'Plenty. Come dig them out yourself and take as many as you want.',
        minutesAgo: days(9) - hours(3),
      },
      { from: 1, text: 'Thanks Sam, I got six of them in the ground yesterday.', minutesAgo: days(7) },
    ],
    unread: 0,
  },
];
